package x402

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// SignInWithX is the extension by which a wallet proves who it is by
// signing a CAIP-122 challenge (EIP-4361 on EVM chains), so a seller can
// recognize a buyer that paid before without a new payment.
const SignInWithX = "sign-in-with-x"

// HeaderSignInWithX carries the signed challenge: base64 of its JSON.
const HeaderSignInWithX = "SIGN-IN-WITH-X"

// SIWxChallenge is what a 402 asks a wallet to sign; the wallet echoes it.
type SIWxChallenge struct {
	Domain         string   `json:"domain"`
	URI            string   `json:"uri"`
	Version        string   `json:"version"`
	Nonce          string   `json:"nonce"`
	IssuedAt       string   `json:"issuedAt"`
	ExpirationTime string   `json:"expirationTime,omitempty"`
	Statement      string   `json:"statement,omitempty"`
	Resources      []string `json:"resources,omitempty"`
}

// SIWxProof is the signed challenge a SIGN-IN-WITH-X header carries.
// Optional members are pointers: the signed message has a line for each
// one present, even empty.
type SIWxProof struct {
	Domain          string    `json:"domain"`
	Address         string    `json:"address"`
	Statement       *string   `json:"statement"`
	URI             string    `json:"uri"`
	Version         string    `json:"version"`
	ChainID         string    `json:"chainId"`
	Type            string    `json:"type"`
	Nonce           string    `json:"nonce"`
	IssuedAt        string    `json:"issuedAt"`
	ExpirationTime  *string   `json:"expirationTime"`
	NotBefore       *string   `json:"notBefore"`
	RequestID       *string   `json:"requestId"`
	Resources       *[]string `json:"resources"`
	SignatureScheme string    `json:"signatureScheme"`
	Signature       string    `json:"signature"`
}

// SIWxExtension is the sign-in-with-x entry of a 402: the challenge, the
// chains a wallet may sign for (EIP-191 on each EVM network) and the
// proof's schema.
func SIWxExtension(c SIWxChallenge, networks []string) map[string]any {
	chains := make([]map[string]string, len(networks))
	for i, n := range networks {
		chains[i] = map[string]string{"chainId": n, "type": "eip191"}
	}
	str, dateTime := map[string]any{"type": "string"}, map[string]any{"type": "string", "format": "date-time"}
	return map[string]any{
		"info":            c,
		"supportedChains": chains,
		"schema": map[string]any{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type":    "object",
			"properties": map[string]any{
				"domain": str, "address": str, "statement": str, "uri": map[string]any{"type": "string", "format": "uri"},
				"version": str, "chainId": str, "type": str, "nonce": str,
				"issuedAt": dateTime, "expirationTime": dateTime, "notBefore": dateTime, "requestId": str,
				"resources": map[string]any{"type": "array", "items": map[string]any{"type": "string", "format": "uri"}},
				"signature": str,
			},
			"required": []string{"domain", "address", "uri", "version", "chainId", "type", "nonce", "issuedAt", "signature"},
		},
	}
}

// WithExtensions is r with more extensions, each under its key. The 402
// documents built once keep their bytes; a challenge differs per answer.
func WithExtensions(r PaymentRequired, more map[string]any) (PaymentRequired, error) {
	ext := map[string]json.RawMessage{}
	if len(r.Extensions) > 0 {
		if err := json.Unmarshal(r.Extensions, &ext); err != nil {
			return r, err
		}
	}
	for k, v := range more {
		b, err := json.Marshal(v)
		if err != nil {
			return r, err
		}
		ext[k] = b
	}
	b, err := json.Marshal(ext)
	if err != nil {
		return r, err
	}
	r.Extensions = b
	return r, nil
}

// DecodeSIWx reads a SIGN-IN-WITH-X header: base64 of the proof's JSON.
func DecodeSIWx(value string) (*SIWxProof, error) {
	raw, err := decodeBase64(nil, value)
	if err != nil {
		return nil, fmt.Errorf("the %s header is not base64", HeaderSignInWithX)
	}
	return DecodeSIWxJSON(raw)
}

// DecodeSIWxJSON reads a sign-in-with-x proof's JSON.
func DecodeSIWxJSON(raw []byte) (*SIWxProof, error) {
	p := new(SIWxProof)
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(p); err != nil {
		return nil, fmt.Errorf("the %s header is not a JSON object", HeaderSignInWithX)
	}
	var missing []string
	for _, f := range []struct{ name, v string }{{"domain", p.Domain}, {"address", p.Address}, {"uri", p.URI}, {"version", p.Version},
		{"chainId", p.ChainID}, {"type", p.Type}, {"nonce", p.Nonce}, {"issuedAt", p.IssuedAt}, {"signature", p.Signature}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("the %s proof lacks %s", HeaderSignInWithX, strings.Join(missing, ", "))
	}
	return p, nil
}

// EVMChainID is the number of an eip155 CAIP-2 id.
func EVMChainID(caip2 string) (uint64, bool) {
	n, ok := strings.CutPrefix(caip2, "eip155:")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseUint(n, 10, 64)
	return id, err == nil
}

// Message is the EIP-4361 message the proof's wallet signed, line for line
// as the SIWE reference formats it.
func (p *SIWxProof) Message() (string, error) {
	chain, ok := EVMChainID(p.ChainID)
	if !ok {
		return "", fmt.Errorf("chainId %q is not an eip155 chain", p.ChainID)
	}
	var b strings.Builder
	b.WriteString(p.Domain + " wants you to sign in with your Ethereum account:\n" + p.Address + "\n\n")
	if p.Statement != nil {
		b.WriteString(*p.Statement + "\n\n")
	} else {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "URI: %s\nVersion: %s\nChain ID: %d\nNonce: %s\nIssued At: %s", p.URI, p.Version, chain, p.Nonce, p.IssuedAt)
	for _, l := range []struct {
		name string
		v    *string
	}{{"Expiration Time", p.ExpirationTime}, {"Not Before", p.NotBefore}, {"Request ID", p.RequestID}} {
		if l.v != nil {
			b.WriteString("\n" + l.name + ": " + *l.v)
		}
	}
	if p.Resources != nil {
		b.WriteString("\nResources:")
		for _, r := range *p.Resources {
			b.WriteString("\n- " + r)
		}
	}
	return b.String(), nil
}

// SignedBy reports whether the proof's wallet signed message: an EOA's
// signature is recovered here; any other (a contract wallet's, EIP-1271,
// or a counterfactual one's, EIP-6492) is put to the EIP-6492 reference
// validator in an eth_call on chain, which nil cannot read.
func (p *SIWxProof) SignedBy(ctx context.Context, message string, chain ethereum.ContractCaller) (bool, error) {
	if !common.IsHexAddress(p.Address) {
		return false, fmt.Errorf("address %q is not an EVM address", p.Address)
	}
	address := common.HexToAddress(p.Address)
	sig, err := hexutil.Decode(p.Signature)
	if err != nil {
		return false, fmt.Errorf("the signature is not 0x-prefixed hex")
	}
	hash := common.BytesToHash(accounts.TextHash([]byte(message)))
	if len(sig) == crypto.SignatureLength {
		if signer, err := RecoverDigest(hash, p.Signature); err == nil && signer == address {
			return true, nil
		}
	}
	if chain == nil {
		return false, nil
	}
	return validOnChain(ctx, chain, address, hash, sig)
}

// validOnChain asks the EIP-6492 reference validator, deployed only for
// the eth_call, whether sig is signer's over hash.
func validOnChain(ctx context.Context, chain ethereum.ContractCaller, signer common.Address, hash common.Hash, sig []byte) (bool, error) {
	args, _ := abi.Arguments{{Type: mustABIType("address")}, {Type: mustABIType("bytes32")}, {Type: mustABIType("bytes")}}.Pack(signer, hash, sig)
	out, err := chain.CallContract(ctx, ethereum.CallMsg{Data: append(hexutil.MustDecode(universalValidator), args...)}, nil)
	if err != nil {
		return false, fmt.Errorf("the wallet's signature could not be checked on chain: %w", err)
	}
	return len(out) > 0 && out[len(out)-1] == 1, nil
}

func mustABIType(name string) abi.Type {
	t, err := abi.NewType(name, "", nil)
	if err != nil {
		panic(err)
	}
	return t
}
