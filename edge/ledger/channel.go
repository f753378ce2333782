package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"
)

// ErrConflict: the channel changed since it was read (another call or
// instance wrote it first), or was created by another.
var ErrConflict = errors.New("channel changed concurrently")

// Channel is the seller's record of one batch-settlement payment channel:
// what its served calls cost, the buyer's latest voucher (the proof of that
// cost, claimed on chain later) and the channel's on-chain state as last
// read. Amounts are decimal strings of atomic units.
type Channel struct {
	ID        string          `json:"id"`         // 0x channel id, lower-case
	Config    json.RawMessage `json:"config"`     // the channel config, as the buyer signed it
	Charged   string          `json:"charged"`    // chargedCumulativeAmount: every served call's price, summed
	SignedMax string          `json:"signed_max"` // the latest voucher's maxClaimableAmount, at least Charged
	Signature string          `json:"signature"`  // its signature

	Balance             string    `json:"balance"`               // on chain: deposited less withdrawn and refunded
	TotalClaimed        string    `json:"total_claimed"`         // on chain: claimed by the seller so far
	WithdrawRequestedAt int64     `json:"withdraw_requested_at"` // on chain: unix seconds a timed withdrawal began, 0 for none
	RefundNonce         string    `json:"refund_nonce"`          // on chain: the next cooperative refund's nonce
	SyncedAt            time.Time `json:"synced_at"`             // when the on-chain fields were read

	// Refunding is when a refund of this channel was sent to the chain and
	// not yet mirrored here: no call is charged meanwhile, on any instance,
	// since the refund claims only the charged total it was judged on.
	Refunding time.Time `json:"refunding,omitzero"`
	// Quarantine is set while the claim of this channel reverted on chain
	// on its own: the claimer leaves it out until it is charged again or
	// the quarantine's retry is due.
	Quarantine *Quarantine `json:"quarantine,omitempty"`
	// Deposit is a call paid with a deposit whose settlement's outcome is
	// unknown: its charge is made once reconciliation finds the deposit on
	// chain, and dropped with its answer if the deposit never lands. No
	// call is charged on the channel meanwhile.
	Deposit *PendingDeposit `json:"deposit,omitempty"`

	// The call the latest voucher paid for, kept so that a retry of that
	// voucher gets its answer again rather than paying anew: the tool and
	// the request's key (route and canonical request make a retry the same
	// request), the answer and the settlement document. One answer per
	// channel, replaced by every call, is kept as it is: compressing it
	// would cost every voucher call more than it saves.
	Tool       string          `json:"tool,omitempty"`
	Request    string          `json:"request,omitempty"`
	Answer     json.RawMessage `json:"answer,omitempty"`
	Settlement json.RawMessage `json:"settlement,omitempty"`

	// Version orders the writes: PutChannel succeeds only on the version
	// it read, so two instances can never both advance a channel.
	Version int64 `json:"-"`
}

// appendChannelJSON appends c's record, as the ledgers store it, to dst,
// into a buffer sized for it once: the record is most of a voucher call's
// allocation, and encoding it is on every voucher call's path, where
// encoding/json's reflection cost more than the rest of the write. Its raw
// members (config, answer, settlement) are appended as they are: each is
// JSON this process encoded (the config and the settlement with
// encoding/json, the answer with the tool's renderer). The members are the
// struct's tags; TestChannelJSONIsTheRecord holds the two to each other.
func appendChannelJSON(dst []byte, c *Channel) ([]byte, error) {
	b := slices.Grow(dst, channelJSONSize+len(c.Request)+len(c.Config)+len(c.Answer)+len(c.Settlement))
	b = AppendJSONString(append(b, `{"id":`...), c.ID)
	b = AppendJSONString(append(b, `,"charged":`...), c.Charged)
	b = AppendJSONString(append(b, `,"signed_max":`...), c.SignedMax)
	b = AppendJSONString(append(b, `,"signature":`...), c.Signature)
	b = AppendJSONString(append(b, `,"balance":`...), c.Balance)
	b = AppendJSONString(append(b, `,"total_claimed":`...), c.TotalClaimed)
	b = strconv.AppendInt(append(b, `,"withdraw_requested_at":`...), c.WithdrawRequestedAt, 10)
	b = AppendJSONString(append(b, `,"refund_nonce":`...), c.RefundNonce)
	var err error
	if b, err = appendTime(append(b, `,"synced_at":`...), c.SyncedAt); err != nil {
		return nil, err
	}
	if !c.Refunding.IsZero() {
		if b, err = appendTime(append(b, `,"refunding":`...), c.Refunding); err != nil {
			return nil, err
		}
	}
	// Set only while a claim or a deposit is in doubt: rare enough for
	// encoding/json.
	if c.Quarantine != nil {
		if b, err = appendMarshalled(append(b, `,"quarantine":`...), c.Quarantine); err != nil {
			return nil, err
		}
	}
	if c.Deposit != nil {
		if b, err = appendMarshalled(append(b, `,"deposit":`...), c.Deposit); err != nil {
			return nil, err
		}
	}
	if c.Tool != "" {
		b = AppendJSONString(append(b, `,"tool":`...), c.Tool)
	}
	if c.Request != "" {
		b = AppendJSONString(append(b, `,"request":`...), c.Request)
	}
	if len(c.Answer) > 0 {
		b = append(append(b, `,"answer":`...), c.Answer...)
	}
	if len(c.Settlement) > 0 {
		b = append(append(b, `,"settlement":`...), c.Settlement...)
	}
	// The config, which never changes, last: PostgreSQL's log of a row
	// updated in its page leaves out the bytes the row ends with as before,
	// so that a voucher call's write logs 12 % less with it there.
	config := c.Config
	if len(config) == 0 {
		config = json.RawMessage("null")
	}
	b = append(append(b, `,"config":`...), config...)
	return append(b, '}'), nil
}

func appendMarshalled(b []byte, v any) ([]byte, error) {
	doc, err := json.Marshal(v)
	return append(b, doc...), err
}

// appendTime appends t as encoding/json does: RFC 3339 with nanoseconds,
// quoted, and an error for a year it cannot write.
func appendTime(b []byte, t time.Time) ([]byte, error) {
	b, err := t.AppendText(append(b, '"'))
	if err != nil {
		return nil, err
	}
	return append(b, '"'), nil
}

// channelJSONSize bounds a record's members other than its request and
// raw ones: names, addresses, amounts, the signature and the times.
const channelJSONSize = 768

// PendingDeposit is the charge of a call whose deposit is in doubt, as
// it will be recorded once the deposit is found on chain.
type PendingDeposit struct {
	Nonce      string          `json:"nonce"`      // the deposit authorization's, lower-case
	Amount     string          `json:"amount"`     // moved into the channel
	Charged    string          `json:"charged"`    // the charged total with the call: the voucher's ceiling
	Signature  string          `json:"signature"`  // the voucher's
	Tool       string          `json:"tool"`       // as Channel.Tool
	Request    string          `json:"request"`    // as Channel.Request
	Answer     json.RawMessage `json:"answer"`     // as Channel.Answer
	Settlement json.RawMessage `json:"settlement"` // as Channel.Settlement, without its transaction
}

// Quarantine is a channel's claim that the contract refused.
type Quarantine struct {
	Charged string    `json:"charged"` // the charged total whose claim reverted
	Since   time.Time `json:"since"`   // when it last reverted
	Retries int       `json:"retries"` // reverts since the first, which space the retries out
	Reason  string    `json:"reason"`  // the facilitator's reason and message
}

// Channels keeps the seller's channel records.
type Channels interface {
	// Channel returns the record of channel id, or ErrNotFound.
	Channel(ctx context.Context, id string) (*Channel, error)
	// PutChannel writes c if the stored record is still at c.Version (0: no
	// record yet) and advances c.Version; ErrConflict otherwise. The write
	// outlives this process when PutChannel returns, and reaches the disk
	// behind it (see ChannelCommitEvery).
	PutChannel(ctx context.Context, c *Channel) error
	// ListChannels returns every record, for claims, without the answer
	// and the settlement of its latest call (Answer and Settlement nil):
	// a record to write is read with Channel, which has them.
	ListChannels(ctx context.Context) ([]Channel, error)
	// Lead reports whether this instance leads the named job (claiming
	// channels) for the next ttl: one instance at a time does, and another
	// takes over once the leader has not renewed within ttl.
	Lead(ctx context.Context, job string, ttl time.Duration) (bool, error)
}
