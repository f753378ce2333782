package x402

import (
	"encoding/json"
	"slices"

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

// UptoFacilitator is the address the facilitator settles upto payments
// with on network, which an upto witness must name, and whether it lists
// upto there with one.
func (s *Supported) UptoFacilitator(network string) (common.Address, bool) {
	k := s.kind(SchemeUpto, network)
	if k == nil {
		return common.Address{}, false
	}
	a, _ := k.Extra["facilitatorAddress"].(string)
	return common.HexToAddress(a), common.IsHexAddress(a)
}

// Permit2 reports whether the facilitator settles exact through Permit2 on
// network for a buyer with no gas: it lists exact there and takes the
// buyer's EIP-2612 permit for Permit2 (eip2612GasSponsoring).
func (s *Supported) Permit2(network string) bool {
	return s.Lists(SchemeExact, network) && slices.Contains(s.Extensions, EIP2612GasSponsoring)
}
