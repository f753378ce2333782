package registry

// Metered is how a tool whose work varies with what it delivers measures
// one call's delivery, for the upto scheme: the call is charged
// price × delivered ÷ asked, rounded down, so never above the price, and
// 0 when it delivered nothing.
type Metered struct {
	// Rule says in words what is counted, for the tool's documents:
	// "items returned over the limit asked", for instance.
	Rule string
	// Delivered counts what the call gave against what it asked, from the
	// validated arguments and the handler's result. asked is at least 1;
	// delivered beyond asked counts as asked.
	Delivered func(a Args, r *Result) (delivered, asked int)
}

// Charge is what one call that answered r to a costs, in atomic units: the
// price, or for a metered tool its delivered share of it.
func (t *Tool) Charge(a Args, r *Result) int64 {
	if t.Metered == nil {
		return t.atomic
	}
	delivered, asked := t.Metered.Delivered(a, r)
	switch {
	case asked < 1 || delivered >= asked:
		return t.atomic
	case delivered <= 0:
		return 0
	}
	return t.atomic * int64(delivered) / int64(asked)
}
