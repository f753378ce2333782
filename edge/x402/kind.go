package x402

import "strings"

// MethodEIP3009 is the asset transfer method of a payment that names none:
// an EIP-3009 transferWithAuthorization (exact) or receiveWithAuthorization
// (batch-settlement deposits).
const MethodEIP3009 = "eip3009"

// Kind is one sort of payment: a scheme and the asset transfer method its
// funds move by. Offers, facilitators and the seller's checks tell
// payments apart by it.
type Kind struct{ Scheme, Method string }

// String is the scheme, with the method when it is not the scheme's own:
// "exact", "exact (permit2)", "upto".
func (k Kind) String() string {
	if KindOf(k.Scheme, nil) == k {
		return k.Scheme
	}
	return k.Scheme + " (" + k.Method + ")"
}

// Permit2 reports whether the kind's funds move by a Permit2 witness
// transfer.
func (k Kind) Permit2() bool { return k.Method == AssetTransferMethodPermit2 }

// DeadlineReason is the reason a payment of kind k is refused for when its
// window ends too soon: the rule of its own transfer's, so a buyer reads
// one reason whoever found the window short.
func (k Kind) DeadlineReason() string {
	if k.Permit2() {
		return ReasonPermit2Deadline
	}
	return ReasonValidBefore
}

// The kinds sold and settled here.
var (
	KindExact        = Kind{SchemeExact, MethodEIP3009}
	KindExactPermit2 = Kind{SchemeExact, AssetTransferMethodPermit2}
	KindUpto         = Kind{SchemeUpto, AssetTransferMethodPermit2}
	KindBatch        = Kind{SchemeBatch, MethodEIP3009}
)

// defaultMethods is the asset transfer method of a scheme's payments that
// name none: upto moves funds only through Permit2.
var defaultMethods = map[string]string{SchemeUpto: AssetTransferMethodPermit2}

// KindOf is the kind of an entry with scheme and extra: the asset transfer
// method extra names, or the scheme's own when it names none.
func KindOf(scheme string, extra map[string]any) Kind {
	if m, ok := extra["assetTransferMethod"].(string); ok && m != "" {
		return Kind{scheme, strings.ToLower(m)}
	}
	if m, ok := defaultMethods[scheme]; ok {
		return Kind{scheme, m}
	}
	return Kind{scheme, MethodEIP3009}
}

// Kind is the kind of payment p says it is: what its accepted entry names
// (v2), exact for x402 v1.
func (p *Payment) Kind() Kind {
	if p.V1 != nil {
		return KindExact
	}
	return KindOf(p.V2.Accepted.Scheme, p.V2.Accepted.Extra)
}

// Kind is the entry's kind.
func (r *Requirements) Kind() Kind { return KindOf(r.Scheme, r.Extra) }
