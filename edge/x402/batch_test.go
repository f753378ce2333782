package x402

import (
	"encoding/json"
	"math/big"
	"os"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// batchVectors are computed by the official client (@x402/evm 2.27) and
// viem: test/npm/batch_vectors.mjs prints them.
type batchVectors struct {
	Config    ChannelConfig `json:"config"`
	ChainID   int64         `json:"chainId"`
	ChannelID string        `json:"channelId"`
	Voucher   struct {
		MaxClaimableAmount, Signature, Digest, Signer string
	} `json:"voucher"`
	Refund struct {
		Nonce, Amount, Digest string
	} `json:"refund"`
	ClaimBatch struct {
		Entries [][3]string `json:"entries"`
		Digest  string      `json:"digest"`
	} `json:"claimBatch"`
	DepositNonce struct {
		Salt, Nonce string
	} `json:"depositNonce"`
}

func loadBatchVectors(t *testing.T) batchVectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/batch_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v batchVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func dec(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

func TestBatchDigestsMatchTheOfficialClient(t *testing.T) {
	v := loadBatchVectors(t)
	chain := big.NewInt(v.ChainID)
	ch, err := v.Config.Parse()
	if err != nil {
		t.Fatal(err)
	}
	id := ch.ID(chain)
	if id.Hex() != v.ChannelID {
		t.Fatalf("channel id %s, the client computes %s", id.Hex(), v.ChannelID)
	}
	if got := VoucherDigest(chain, id, dec(v.Voucher.MaxClaimableAmount)); got.Hex() != v.Voucher.Digest {
		t.Errorf("voucher digest %s, want %s", got.Hex(), v.Voucher.Digest)
	}
	signer, err := RecoverDigest(common.HexToHash(v.Voucher.Digest), v.Voucher.Signature)
	if err != nil || signer.Hex() != v.Voucher.Signer {
		t.Errorf("voucher signer %s (%v), want %s", signer.Hex(), err, v.Voucher.Signer)
	}
	if got := RefundDigest(chain, id, dec(v.Refund.Nonce), dec(v.Refund.Amount)); got.Hex() != v.Refund.Digest {
		t.Errorf("refund digest %s, want %s", got.Hex(), v.Refund.Digest)
	}
	var rows []ClaimEntry
	for _, e := range v.ClaimBatch.Entries {
		rows = append(rows, ClaimEntry{ChannelID: common.HexToHash(e[0]), MaxClaimable: dec(e[1]), TotalClaimed: dec(e[2])})
	}
	if got := ClaimBatchDigest(chain, rows); got.Hex() != v.ClaimBatch.Digest {
		t.Errorf("claim batch digest %s, want %s", got.Hex(), v.ClaimBatch.Digest)
	}
	if got := DepositNonce(id, dec(v.DepositNonce.Salt)); got.Hex() != v.DepositNonce.Nonce {
		t.Errorf("deposit nonce %s, want %s", got.Hex(), v.DepositNonce.Nonce)
	}
	if cfg := ch.Config(); mustParse(t, &cfg) != ch {
		t.Errorf("config round trip changed the channel: %+v", cfg)
	}
}

func TestChannelConfigParseNamesTheField(t *testing.T) {
	good := loadBatchVectors(t).Config
	for _, tc := range []struct {
		edit func(*ChannelConfig)
		want string
	}{
		{func(c *ChannelConfig) { c.Receiver = "0x12" }, `channelConfig.receiver "0x12" is not a 0x address`},
		{func(c *ChannelConfig) { c.Token = "" }, `channelConfig.token "" is not a 0x address`},
		{func(c *ChannelConfig) { c.Salt = "0x00" }, `channelConfig.salt "0x00" is not 0x followed by 64 hex digits`},
		{func(c *ChannelConfig) { c.WithdrawDelay = 1 << 40 }, `channelConfig.withdrawDelay 1099511627776 exceeds 40 bits`},
	} {
		c := good
		tc.edit(&c)
		if _, err := c.Parse(); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

func TestBatchPaymentDecodesStrictly(t *testing.T) {
	v := loadBatchVectors(t)
	payload := map[string]any{
		"x402Version": 2,
		"accepted":    map[string]any{"scheme": SchemeBatch, "network": "eip155:1337", "amount": "1000", "asset": v.Config.Token, "payTo": v.Config.Receiver, "maxTimeoutSeconds": 60},
		"payload": map[string]any{"type": "voucher", "channelConfig": v.Config,
			"voucher": map[string]any{"channelId": v.ChannelID, "maxClaimableAmount": "3000", "signature": v.Voucher.Signature}},
	}
	header, err := EncodeHeader(payload)
	if err != nil {
		t.Fatal(err)
	}
	p, err := DecodePayment(HeaderSignature, header)
	if err != nil {
		t.Fatal(err)
	}
	b := p.Batch()
	if b == nil || b.Type != BatchVoucher || b.Voucher.MaxClaimableAmount != "3000" || *b.ChannelConfig != v.Config {
		t.Fatalf("decoded %+v", b)
	}
	again, err := json.Marshal(p.V2.Payload)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(payload["payload"])
	var a, w any
	json.Unmarshal(again, &a)
	json.Unmarshal(want, &w)
	if ja, _ := json.Marshal(a); string(ja) != string(mustJSON(w)) {
		t.Errorf("re-encoded payload %s, want %s", ja, want)
	}

	payload["payload"].(map[string]any)["signature"] = "0x01"
	header, _ = EncodeHeader(payload)
	if _, err := DecodePayment(HeaderSignature, header); err == nil || err.Error() != "invalid_payload: PAYMENT-SIGNATURE: payload mixes the members of an exact and a batch-settlement payment" {
		t.Errorf("mixed payload: %v", err)
	}
	delete(payload["payload"].(map[string]any), "signature")
	payload["payload"].(map[string]any)["surprise"] = 1
	header, _ = EncodeHeader(payload)
	if _, err := DecodePayment(HeaderSignature, header); err == nil || err.Error() != `invalid_payload: PAYMENT-SIGNATURE: unknown field "surprise"` {
		t.Errorf("unknown member: %v", err)
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func mustParse(t *testing.T, c *ChannelConfig) Channel {
	t.Helper()
	ch, err := c.Parse()
	if err != nil {
		t.Fatal(err)
	}
	return ch
}
