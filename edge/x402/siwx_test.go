package x402

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
)

// The SIGN-IN-WITH-X header of the extension's specification decodes to
// its proof, whose EIP-4361 message is the one the specification shows.
func TestSIWxMessageAsSpecified(t *testing.T) {
	const header = "eyJkb21haW4iOiJhcGkuZXhhbXBsZS5jb20iLCJhZGRyZXNzIjoiMHg4NTdiMDY1MTlFOTFlM0E1NDUzODc5MWJEYmIwRTIyMzczZTM2YjY2IiwidXJpIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS5jb20vcHJlbWl1bS1kYXRhIiwidmVyc2lvbiI6IjEiLCJjaGFpbklkIjoiZWlwMTU1Ojg0NTMiLCJ0eXBlIjoiZWlwMTkxIiwibm9uY2UiOiJhMWIyYzNkNGU1ZjY3ODkwYTFiMmMzZDRlNWY2Nzg5MCIsImlzc3VlZEF0IjoiMjAyNC0wMS0xNVQxMDozMDowMC4wMDBaIiwiZXhwaXJhdGlvblRpbWUiOiIyMDI0LTAxLTE1VDEwOjM1OjAwLjAwMFoiLCJzdGF0ZW1lbnQiOiJTaWduIGluIHRvIGFjY2VzcyBwcmVtaXVtIGRhdGEiLCJyZXNvdXJjZXMiOlsiaHR0cHM6Ly9hcGkuZXhhbXBsZS5jb20vcHJlbWl1bS1kYXRhIl0sInNpZ25hdHVyZVNjaGVtZSI6ImVpcDE5MSIsInNpZ25hdHVyZSI6IjB4MmQ2YTc1ODhkNmFjY2E1MDVjYmYwZDlhNGEyMjdlMGM1MmM2YzM0MDA4YzhlODk4NmExMjgzMjU5NzY0MTczNjA4YTJjZTY0OTY2NDJlMzc3ZDZkYThkYmJmNTgzNmU5YmQxNTA5MmY5ZWNhYjA1ZGVkM2Q2MjkzYWYxNDhiNTcxYyJ9"
	p, err := DecodeSIWx(header)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := p.Message()
	if err != nil {
		t.Fatal(err)
	}
	const want = "api.example.com wants you to sign in with your Ethereum account:\n" +
		"0x857b06519E91e3A54538791bDbb0E22373e36b66\n\n" +
		"Sign in to access premium data\n\n" +
		"URI: https://api.example.com/premium-data\n" +
		"Version: 1\n" +
		"Chain ID: 8453\n" +
		"Nonce: a1b2c3d4e5f67890a1b2c3d4e5f67890\n" +
		"Issued At: 2024-01-15T10:30:00.000Z\n" +
		"Expiration Time: 2024-01-15T10:35:00.000Z\n" +
		"Resources:\n" +
		"- https://api.example.com/premium-data"
	if msg != want {
		t.Fatalf("message:\n%s\nwant:\n%s", msg, want)
	}
	// Without a statement the message keeps its blank lines, as SIWE writes it.
	p.Statement, p.Resources, p.ExpirationTime = nil, nil, nil
	if msg, _ = p.Message(); msg != "api.example.com wants you to sign in with your Ethereum account:\n0x857b06519E91e3A54538791bDbb0E22373e36b66\n\n\n"+
		"URI: https://api.example.com/premium-data\nVersion: 1\nChain ID: 8453\nNonce: a1b2c3d4e5f67890a1b2c3d4e5f67890\nIssued At: 2024-01-15T10:30:00.000Z" {
		t.Fatalf("message without statement:\n%q", msg)
	}
	if _, err := DecodeSIWx("eyJkb21haW4iOiJhIn0="); err == nil || err.Error() != "the SIGN-IN-WITH-X proof lacks address, uri, version, chainId, type, nonce, issuedAt, signature" {
		t.Fatalf("a proof with a domain only: %v", err)
	}
}

// On a real EVM, the EIP-6492 validator's eth_call accepts a key's
// signature and an EIP-1271 wallet that approves, and refuses a wallet
// that does not and a key's signature over another message.
func TestSIWxValidatorOnChain(t *testing.T) {
	key, _ := crypto.GenerateKey()
	signer := crypto.PubkeyToAddress(key.PublicKey)
	// Runtime code answering every call with one 32-byte word: the
	// isValidSignature magic value 0x1626ba7e, or 0xffffffff.
	wallet := func(magic string) []byte {
		return hexutil.MustDecode("0x63" + magic + "60e01b60005260206000f3")
	}
	approves, refuses := common.HexToAddress("0x00000000000000000000000000000000000a1271"), common.HexToAddress("0x00000000000000000000000000000000000b1271")
	backend := simulated.NewBackend(types.GenesisAlloc{
		approves: {Code: wallet("1626ba7e"), Balance: big.NewInt(0)},
		refuses:  {Code: wallet("ffffffff"), Balance: big.NewInt(0)},
	})
	t.Cleanup(func() { backend.Close() })
	chain := backend.Client()
	hash := common.BytesToHash(accounts.TextHash([]byte("sign in")))
	sig, _ := crypto.Sign(hash[:], key)
	sig[64] += 27
	other := common.BytesToHash(accounts.TextHash([]byte("something else")))
	for _, c := range []struct {
		name   string
		signer common.Address
		hash   common.Hash
		want   bool
	}{
		{"key", signer, hash, true},
		{"key, other message", signer, other, false},
		{"approving contract wallet", approves, hash, true},
		{"refusing contract wallet", refuses, hash, false},
	} {
		got, err := validOnChain(context.Background(), chain, c.signer, c.hash, sig)
		if err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}
