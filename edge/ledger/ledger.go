// Package ledger keeps payments on disk: nonce reservations, settlements and
// the receipts served at /receipt/{tx}. Two backends implement Store: an
// embedded file (the default, no server) and PostgreSQL (several instances
// sharing one ledger). Both pass the same suite in ledgertest.
//
// A payment is one (network, asset, payer, nonce). The ledger keys it by
// (payer, nonce), an EIP-3009 nonce being the buyer's one-time choice, and
// its receipt names the network and asset: the same nonce offered on
// another network or asset is the same payment offered twice, which the
// seller refuses rather than settles. Each pair moves through three states:
//
//	reserved  Reserve claimed it for one call; Release frees it.
//	settling  Settling wrote the would-be receipt and the call's answer
//	          before the facilitator was asked to settle; Record or
//	          Release ends it.
//	settled   Record stored the receipt; the pair is spent for ever, and
//	          its answer is kept for the retention window (WithRetention),
//	          so a buyer who lost it can fetch it again.
//
// A reservation belongs to the process that made it: one whose process died
// frees its pair at once for the file (reservations live in memory) and
// when the instance's lease lapses for PostgreSQL (WithLease). A reserved
// pair older than the hold (DefaultHold, or WithHold) is stale as well: the
// next Reserve of that pair takes it over. The hold must exceed the longest
// paid call, so a live call never loses its pair. A settling pair never
// expires, because its settlement may have reached the chain: Pending lists
// it for reconciliation. A settled pair is never reserved again.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ReceiptSchema is the schema id every receipt carries.
const ReceiptSchema = "svc.receipt.v1"

// DefaultHold outlasts the longest paid call the configuration allows
// (max_timeout_seconds is at most one hour) with a margin for clock skew
// between instances.
const DefaultHold = time.Hour + 5*time.Minute

var (
	// ErrReplayed: the (payer, nonce) pair is reserved or already settled.
	ErrReplayed = errors.New("payment authorization already used")
	// ErrNotFound: no receipt for that transaction.
	ErrNotFound = errors.New("receipt not found")
	// ErrNotReserved: Settling found no reservation for the pair (it was
	// released, or is already settling or settled).
	ErrNotReserved = errors.New("payment authorization not reserved")
	// ErrIDsFull: Identify would bind a new payment id while the ledger
	// holds as many ids of paid calls as it may (WithPaymentIDs).
	ErrIDsFull = errors.New("payment id store is full")
	// ErrIDsPending: Identify would bind a payment id for a payer that has
	// as many bound to calls not yet settling as it may (WithPendingIDs).
	ErrIDsPending = errors.New("payer has its most payment ids pending")
)

// State is where a pair is, as both backends store it and Payment reports
// it.
type State string

const (
	// Free: never reserved, or released; nothing was charged, and the
	// authorization may be used (again).
	Free     State = "free"
	Reserved State = "reserved"
	Settling State = "settling"
	Settled  State = "settled"
)

// Retention defaults for the answers of settled calls.
const (
	DefaultRetention      = 24 * time.Hour
	DefaultRetentionBytes = 1 << 30 // compressed
)

// DefaultPaymentIDs is how many payment-identifier bindings of paid calls
// a ledger holds at most: about 150 MB of them. Bindings go with their
// answers' retention, so it bounds the identified calls paid in one
// retention window.
const DefaultPaymentIDs = 1_000_000

// DefaultPendingIDs is how many payment ids one payer may have bound to
// calls not yet settling: its identified calls under way at once.
const DefaultPendingIDs = 100

// DefaultLease is how long a PostgreSQL instance's reservations outlive its
// last sign of life; it renews the lease every third of it.
const DefaultLease = 10 * time.Second

var errNoTx = errors.New("ledger: Record needs the receipt's transaction")

// Receipt is one settled payment, in the svc.receipt.v1 shape. The ledger
// keeps SettledAt in UTC to the microsecond.
type Receipt struct {
	Schema         string    `json:"schema"`
	ReceiptID      string    `json:"receipt_id"`
	Tx             string    `json:"tx"`
	Network        string    `json:"network"`
	Asset          string    `json:"asset"`
	Payer          string    `json:"payer"`
	PayTo          string    `json:"pay_to"`
	AmountAtomic   string    `json:"amount_atomic"`
	AmountUSD      string    `json:"amount_usd"`
	Tool           string    `json:"tool"`
	Endpoint       string    `json:"endpoint"`
	RequestSHA256  string    `json:"request_sha256"`
	ResponseSHA256 string    `json:"response_sha256"`
	SettledAt      time.Time `json:"settled_at"`
	ReceiptURL     string    `json:"receipt_url"`
	// A call paid by a batch-settlement voucher has no transaction of its
	// own: its receipt names the channel and the channel's charged total
	// with this call, and points at the channel's account.
	Channel           string `json:"channel_id,omitempty"`
	ChargedCumulative string `json:"charged_cumulative_atomic,omitempty"`

	// ValidBefore is when the buyer's authorization expires. It is not
	// part of svc.receipt.v1: the ledger keeps it, to the second, only
	// while the payment is settling, so reconciliation can tell when an
	// unsettled payment can no longer land. Zero means unknown.
	ValidBefore time.Time `json:"-"`
	// RequestKey is the digest of the request in canonical form, which a
	// retry of the payment is compared with: spacing and key order do not
	// make the same request another. The ledger keeps it with the pair; it
	// is not part of svc.receipt.v1. "" in pairs noted before it was kept.
	RequestKey string `json:"-"`
	// Sent is the digest of the authorization as it was sent to be
	// settled: its network, asset, fields and signature. A stranded
	// settlement is sent again only as that very authorization, and a
	// retry presenting it is the buyer's own while the retry window
	// lasts. IDKey is the digest of the payment-identifier id the payment
	// carried ("" when none), which proves the payer after that window.
	// The ledger keeps both with the pair, settling and settled; neither is
	// part of svc.receipt.v1. "" in pairs noted before they were kept.
	Sent  string `json:"-"`
	IDKey string `json:"-"`
}

// pairKeys are what a pair keeps besides its receipt document (see
// Receipt), as both ledgers read them and the file writes them.
type pairKeys struct {
	RequestKey string `json:"request_key,omitempty"`
	Sent       string `json:"sent,omitempty"`
	IDKey      string `json:"id_key,omitempty"`
}

// keysOf are r's pair keys.
func keysOf(r *Receipt) pairKeys { return pairKeys{r.RequestKey, r.Sent, r.IDKey} }

// onto sets k on r.
func (k pairKeys) onto(r *Receipt) { r.RequestKey, r.Sent, r.IDKey = k.RequestKey, k.Sent, k.IDKey }

// Pending is a settlement that began and has not been recorded or released:
// the process may have died between the facilitator's /settle and Record.
type Pending struct {
	Payer   string    // lower-case
	Nonce   string    // lower-case
	Receipt Receipt   // as given to Settling (ValidBefore in UTC); Tx still empty
	Since   time.Time // when Settling ran
}

// Payment is what the ledger knows of one (payer, nonce) pair.
type Payment struct {
	State State
	Since time.Time // when the pair entered its state; zero when Free
	// Receipt: settling, the would-be receipt (no Tx); settled, the
	// receipt.
	Receipt *Receipt
	// Answer is the call's answer (settled, within retention; settling);
	// nil once pruned.
	Answer []byte
	// Elsewhere: the pair is reserved or settling by another live instance
	// sharing the ledger, so a call there may still be running with it.
	// Never set by a ledger one process holds (the file).
	Elsewhere bool
}

// Binding is what a payment-identifier id was bound to.
type Binding struct {
	Fingerprint string `json:"fingerprint"`
	Nonce       string `json:"nonce"` // lower-case
}

// Store is a ledger backend. Payers and nonces are compared
// case-insensitively (both are hex); the store keeps them lower-case.
type Store interface {
	Channels
	// Reserve claims (payer, nonce) for one call; ErrReplayed when the pair
	// is reserved or was settled before, concurrently or not. A stale
	// reservation (older than the hold) is taken over.
	Reserve(ctx context.Context, payer, nonce, tool string) error
	// Release frees a pair whose call failed or whose settlement was
	// refused, so the buyer may retry with the same authorization. It never
	// touches a settled pair.
	Release(ctx context.Context, payer, nonce string) error
	// Settling moves a pair this process reserved to settling and keeps r,
	// the receipt as it will be once settled, without Tx, and the call's
	// answer. Call it before asking the facilitator to settle, so a
	// settlement can never reach the chain without a trace in the ledger,
	// nor a paid answer be lost. ErrNotReserved when the pair is not
	// reserved by this process.
	Settling(ctx context.Context, payer, nonce string, r *Receipt, answer []byte) error
	// Record stores a settled payment's receipt (r.Tx set) and marks the pair
	// settled, in one transaction, durably, before it returns. The pair may
	// be reserved, settling or unknown to the ledger (reconciliation); Record
	// is idempotent for the same pair and tx, and ErrReplayed when the pair
	// was settled by another tx.
	Record(ctx context.Context, payer, nonce string, r *Receipt) error
	// Pending lists the settling pairs, oldest first, for reconciliation.
	Pending(ctx context.Context) ([]Pending, error)
	// Receipt returns the receipt of a transaction, or ErrNotFound.
	Receipt(ctx context.Context, tx string) (*Receipt, error)
	// Payment tells where a pair is, with its receipt and answer.
	Payment(ctx context.Context, payer, nonce string) (*Payment, error)
	// Identify binds a payer's payment-identifier id to the fingerprint of
	// the request it pays for and to the nonce paying, a pair the caller
	// has reserved, and returns nil. When the id is bound to a pair in use,
	// settling or settled, it returns that binding. A binding is pending
	// while its pair is reserved, and paid once it is settling: releasing
	// the pair (its payment refused, or its call failed) drops the binding
	// at once, so the id binds anew, for any request (decision 14f).
	// ErrIDsFull when the id is new and the ledger holds its most bindings
	// of paid calls already; ErrIDsPending when the payer has its most
	// pending. A paid binding is dropped once older than the retention with
	// its payment's answer gone and the payment no longer settling.
	Identify(ctx context.Context, payer, id, fingerprint, nonce string) (*Binding, error)
	// Answered returns payer's latest settled payment for this tool and
	// request key whose answer is still kept, or ErrNotFound: the answer a
	// wallet that signs in (sign-in-with-x) reads again without paying.
	Answered(ctx context.Context, payer, tool, requestKey string) (*Payment, error)
	// ChannelAnswered returns a batch-settlement channel of payer whose
	// latest call, the one whose answer it keeps, was this tool and request
	// key, or ErrNotFound.
	ChannelAnswered(ctx context.Context, payer, tool, requestKey string) (*Channel, error)
	// PayerPayments lists payer's settling and settled payments that
	// entered their state at or after since, newest first, at most limit.
	PayerPayments(ctx context.Context, payer string, since time.Time, limit int) ([]PayerPayment, error)
	// PayerChannels lists the batch-settlement channels whose config
	// names payer, by id, at most limit.
	PayerChannels(ctx context.Context, payer string, limit int) ([]Channel, error)
	// SignInKey is the key that seals sign-in-with-x nonces, the same for
	// every instance sharing the ledger: made at random by the first that
	// asks for it.
	SignInKey(ctx context.Context) ([]byte, error)
	// SpendChallenge uses a sign-in-with-x nonce up: true the first time,
	// on any instance sharing the ledger. The nonce is remembered until
	// expires, after which its seal refuses it anyway.
	SpendChallenge(ctx context.Context, nonce string, expires time.Time) (bool, error)
	Close() error
}

// Option tunes a Store when it is opened.
type Option func(*settings)

type settings struct {
	hold           time.Duration
	lease          time.Duration
	retention      time.Duration
	retentionBytes int64
	paymentIDs     int64
	pendingIDs     int64 // per payer
	now            func() time.Time
	maxConns       int // postgres pool size; 0: DefaultMaxConns
}

// WithHold sets how long an unsettled reservation is held before it counts
// as stale.
func WithHold(d time.Duration) Option { return func(s *settings) { s.hold = d } }

// WithLease sets how long a PostgreSQL instance's reservations outlive it.
func WithLease(d time.Duration) Option { return func(s *settings) { s.lease = d } }

// WithRetention sets how long the answers of settled calls are kept, and
// how many compressed bytes they may take in all (the oldest go first).
func WithRetention(age time.Duration, bytes int64) Option {
	return func(s *settings) { s.retention, s.retentionBytes = age, bytes }
}

// WithPaymentIDs sets how many payment-identifier bindings of paid calls
// the ledger holds at most.
func WithPaymentIDs(max int64) Option { return func(s *settings) { s.paymentIDs = max } }

// WithPendingIDs sets how many payment ids one payer may have bound to
// calls not yet settling.
func WithPendingIDs(max int64) Option { return func(s *settings) { s.pendingIDs = max } }

// WithClock replaces time.Now, for tests of expiry.
func WithClock(now func() time.Time) Option { return func(s *settings) { s.now = now } }

func newSettings(opts []Option) settings {
	s := settings{hold: DefaultHold, lease: DefaultLease, retention: DefaultRetention, retentionBytes: DefaultRetentionBytes, paymentIDs: DefaultPaymentIDs, pendingIDs: DefaultPendingIDs, now: time.Now}
	for _, o := range opts {
		o(&s)
	}
	return s
}

// Open opens the ledger the configuration names: driver "file" (path) or
// "postgres" (dsn).
func Open(ctx context.Context, driver, path, dsn string, opts ...Option) (Store, error) {
	switch driver {
	case "file":
		return OpenFile(path, opts...)
	case "postgres":
		return OpenPostgres(ctx, dsn, opts...)
	}
	return nil, fmt.Errorf("ledger: unknown driver %q (want file or postgres)", driver)
}

// retained reports whether an answer stored at t is still kept at now.
func (s *settings) retained(t, now time.Time) bool { return now.Sub(t) <= s.retention }

// pair normalises the key of a reservation.
func pair(payer, nonce string) (string, string) {
	return strings.ToLower(payer), strings.ToLower(nonce)
}

// expiry is a ValidBefore as the ledger keeps it: unix seconds, 0 when
// unknown.
func expiry(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

// fromExpiry reverses expiry.
func fromExpiry(s int64) time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(s, 0).UTC()
}

// stored is r as the ledger keeps it.
func stored(r *Receipt) Receipt {
	c := *r
	c.SettledAt = c.SettledAt.UTC().Truncate(time.Microsecond)
	return c
}
