package x402

import (
	"encoding/json"

	"github.com/ethereum/go-ethereum/common"
)

// MarshalJSON writes kinds, extensions and signers always, as [] and {}
// when there are none: the specification requires each.
func (s Supported) MarshalJSON() ([]byte, error) {
	type plain Supported
	out := plain(s)
	if out.Kinds == nil {
		out.Kinds = []SupportedKind{}
	}
	if out.Extensions == nil {
		out.Extensions = []string{}
	}
	if out.Signers == nil {
		out.Signers = map[string][]string{}
	}
	return json.Marshal(out)
}

// Lists reports whether the facilitator settles scheme on network in x402
// v2, the version payments reach it in.
func (s *Supported) Lists(scheme, network string) bool {
	return s.kind(scheme, network) != nil
}

// ReceiverAuthorizer is the address the facilitator signs batch-settlement
// claims and refunds with on network, and whether it names one.
func (s *Supported) ReceiverAuthorizer(network string) (common.Address, bool) {
	k := s.kind(SchemeBatch, network)
	if k == nil {
		return common.Address{}, false
	}
	a, _ := k.Extra["receiverAuthorizer"].(string)
	return common.HexToAddress(a), common.IsHexAddress(a)
}

func (s *Supported) kind(scheme, network string) *SupportedKind {
	for i, k := range s.Kinds {
		if k.X402Version == 2 && k.Scheme == scheme && k.Network == network {
			return &s.Kinds[i]
		}
	}
	return nil
}
