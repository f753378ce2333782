-- The PostgreSQL ledger. Applied at every start; each statement is a no-op
-- once the schema exists.

-- One row per (payer, nonce) pair, lower-case. The primary key is what makes
-- a reservation atomic across instances. Settled rows stay, so a pair is
-- never reserved again.
CREATE TABLE IF NOT EXISTS nonces (
	payer   text        NOT NULL,
	nonce   text        NOT NULL,
	tool    text        NOT NULL,
	state   text        NOT NULL CHECK (state IN ('reserved', 'settling', 'settled')),
	since   timestamptz NOT NULL,  -- when the pair entered its state
	pending jsonb,                 -- the would-be receipt, while settling
	tx      text,                  -- once settled
	PRIMARY KEY (payer, nonce)
);

-- When a settling pair's authorization expires (unix seconds, 0 when
-- unknown): reconciliation releases an unsettled pair only after it. Added
-- as a column of its own so ledgers made before it keep working.
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS valid_before bigint NOT NULL DEFAULT 0;

-- While settling, the call's answer (compressed); and which instance
-- holds a reserved pair (see instances).
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS answer bytea;
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS instance text NOT NULL DEFAULT '';

-- The digest of the request in canonical form (Receipt.RequestKey), from
-- settling on: a retry of the pair is compared with it.
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS request_key text NOT NULL DEFAULT '';

-- What identifies the payment (Receipt.Sent and IDKey), from settling on,
-- settled rows included: a stranded settlement is sent again only as the
-- authorization first sent, and a kept answer goes only to its payer.
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS sent text NOT NULL DEFAULT '';
ALTER TABLE nonces ADD COLUMN IF NOT EXISTS id_key text NOT NULL DEFAULT '';

-- Every running instance renews its lease every few seconds. A reserved
-- pair whose instance's lease has lapsed belonged to a call that died with
-- its process, and may be reserved again.
CREATE TABLE IF NOT EXISTS instances (
	id          text PRIMARY KEY,
	lease_until timestamptz NOT NULL
);

-- The answers of settled calls (compressed), kept for the retention window.
CREATE TABLE IF NOT EXISTS answers (
	payer     text        NOT NULL,
	nonce     text        NOT NULL,
	stored_at timestamptz NOT NULL,
	body      bytea       NOT NULL,
	size      integer     NOT NULL,  -- of body, summed by each prune
	PRIMARY KEY (payer, nonce)
);
CREATE INDEX IF NOT EXISTS answers_age ON answers (stored_at DESC, payer, nonce) INCLUDE (size);

CREATE INDEX IF NOT EXISTS nonces_settling ON nonces (since) WHERE state = 'settling';

-- The svc.receipt.v1 documents served at /receipt/{tx}.
CREATE TABLE IF NOT EXISTS receipts (
	tx              text PRIMARY KEY,
	schema          text        NOT NULL,
	receipt_id      text        NOT NULL,
	network         text        NOT NULL,
	asset           text        NOT NULL,
	payer           text        NOT NULL,
	pay_to          text        NOT NULL,
	amount_atomic   text        NOT NULL,
	amount_usd      text        NOT NULL,
	tool            text        NOT NULL,
	endpoint        text        NOT NULL,
	request_sha256  text        NOT NULL,
	response_sha256 text        NOT NULL,
	settled_at      timestamptz NOT NULL,
	receipt_url     text        NOT NULL
);

-- payment-identifier ids: each payer's id is bound to the fingerprint of
-- the request it paid for and the nonce paying it.
CREATE TABLE IF NOT EXISTS payment_ids (
	payer       text NOT NULL,
	id          text NOT NULL,
	fingerprint text NOT NULL,
	nonce       text NOT NULL,
	PRIMARY KEY (payer, id)
);
-- When the id was bound to its nonce: a binding is dropped once its
-- answer is past the retention.
ALTER TABLE payment_ids ADD COLUMN IF NOT EXISTS bound_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS payment_ids_age ON payment_ids (bound_at);
-- A binding is pending while its pair is reserved, and paid once the pair
-- is settling or settled: the bound counts paid ones, each payer's cap its
-- pending ones. Bindings made before are paid if their pair is.
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = 'payment_ids' AND column_name = 'paid') THEN
		ALTER TABLE payment_ids ADD COLUMN paid boolean NOT NULL DEFAULT false;
		UPDATE payment_ids b SET paid = true FROM nonces n
		WHERE n.payer = b.payer AND n.nonce = b.nonce AND n.state <> 'reserved';
	END IF;
END $$;
CREATE INDEX IF NOT EXISTS payment_ids_pairs ON payment_ids (payer, nonce);
CREATE INDEX IF NOT EXISTS payment_ids_pending ON payment_ids (payer) WHERE NOT paid;
-- A pair's binding follows the pair in the statement that moves it, on
-- every instance and version: paid once settling, dropped with the pair
-- when it is released (refused, or its call failed: nothing was charged).
CREATE OR REPLACE FUNCTION payment_ids_paid() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
	UPDATE payment_ids SET paid = true WHERE payer = NEW.payer AND nonce = NEW.nonce AND NOT paid;
	RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION payment_ids_released() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
	DELETE FROM payment_ids WHERE payer = OLD.payer AND nonce = OLD.nonce;
	RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER payment_ids_paid AFTER INSERT OR UPDATE OF state ON nonces
	FOR EACH ROW WHEN (NEW.state <> 'reserved') EXECUTE FUNCTION payment_ids_paid();
CREATE OR REPLACE TRIGGER payment_ids_released AFTER DELETE ON nonces
	FOR EACH ROW EXECUTE FUNCTION payment_ids_released();

-- The seller's batch-settlement channels: one document per channel, written
-- only over the version it was read at.
CREATE TABLE IF NOT EXISTS channels (
	id      text PRIMARY KEY,
	version bigint NOT NULL,
	doc     json   NOT NULL -- json, not jsonb: a document reads back byte for byte
);

-- Jobs one instance does for all (claiming channels): who does it, until when.
CREATE TABLE IF NOT EXISTS leads (
	job      text PRIMARY KEY,
	instance text        NOT NULL,
	until    timestamptz NOT NULL
);

-- A payer's settled calls by tool and request, for a wallet that signs in
-- (sign-in-with-x) to read an answer it paid for again.
CREATE INDEX IF NOT EXISTS nonces_requests ON nonces (payer, tool, request_key) WHERE state = 'settled';

-- The sign-in-with-x nonces used up, until they expire: any instance
-- sharing the ledger accepts a nonce once. The nonces a 402 hands out are
-- sealed with siwx_key's one key and kept nowhere.
CREATE TABLE IF NOT EXISTS siwx_key (
	one boolean PRIMARY KEY DEFAULT true CHECK (one),
	key bytea NOT NULL
);
CREATE TABLE IF NOT EXISTS siwx_nonces (
	nonce   text PRIMARY KEY,
	expires timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS siwx_nonces_age ON siwx_nonces (expires);

-- A payer's channels, for a wallet that signs in to read its channel's
-- latest answer again: the payer of its config, which never changes, in
-- a column of its own. An index on the document would parse it at every
-- voucher call's write, and keep the write off the row's page (a HOT
-- update). Rows written before the column get it here, or at their next
-- write; those an instance of an earlier version writes meanwhile, during
-- a roll, are found through channels_payer_unset, empty otherwise, which
-- also spares each start's fill a scan of the table.
ALTER TABLE channels ADD COLUMN IF NOT EXISTS payer text;
CREATE INDEX IF NOT EXISTS channels_payer_unset ON channels (id) WHERE payer IS NULL;
UPDATE channels SET payer = lower(doc->'config'->>'payer') WHERE payer IS NULL;
CREATE INDEX IF NOT EXISTS channels_by_payer ON channels (payer);
DROP INDEX IF EXISTS channels_payer;

-- A channel's record (3 KiB with its answer) stays in its row as it is,
-- up to a page: compressing it and moving it out of line cost every
-- voucher call's write more than its space saves. Its page keeps room for
-- its next version (fillfactor), so that a voucher call's write stays on
-- the page and touches no index (a HOT update).
ALTER TABLE channels SET (toast_tuple_target = 8160, fillfactor = 50);

-- A payer's settling and settled pairs by age, for a wallet that signs in
-- to read its recent payments: only those within the window are read.
CREATE INDEX IF NOT EXISTS nonces_payer_recent ON nonces (payer, since) WHERE state IN ('settling', 'settled');
