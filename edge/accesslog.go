package edge

import (
	"cmp"
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
)

// access is what one request's access line says. The handler wrapper sets
// the request's part; the paid transports fill in the tool and the payment.
type access struct {
	start   time.Time
	route   string // the route template, never the raw path
	trace   trace
	id      []byte // X-Request-Id as sent, or the trace id
	idBuf   [64]byte
	tool    string
	code    registry.ErrorCode // the error code the answer carries, an MCP tool's isError result included
	payment string             // a coinslot_payments_total outcome; empty for free routes
	reason  string             // why a payment was refused
	payer   string
	scheme  string // the payment's kind: "exact", "exact (permit2)", "upto", "batch-settlement"
	amount  string // what a settled call charged, in atomic units
	tx      string
	channel string        // a batch-settlement call's channel,
	charged string        // and the channel's charged total with it
	turn    chan struct{} // the client address's turn this request holds, until given back
}

// giveTurn gives the request's turn back to its address, once.
func (a *access) giveTurn() {
	if a.turn != nil {
		<-a.turn
		a.turn = nil
	}
}

const accessKey = "coinslot.access"

// outcomeError is an access line's payment for a call this server could not
// complete (its ledger failed): nothing was charged.
const outcomeError = "error"

var accesses = sync.Pool{New: func() any { return new(access) }}

// accessOf is the request's access line in the making.
func accessOf(ctx *fasthttp.RequestCtx) *access {
	a, _ := ctx.UserValue(accessKey).(*access)
	if a == nil { // a handler called without the wrapper, as unit tests do
		a = new(access)
	}
	return a
}

// accessFrom is the access line of the HTTP request a context belongs to:
// /mcp reaches its tool handlers with the request's context, which looks
// user values up by name.
func accessFrom(ctx context.Context) *access {
	if a, ok := ctx.Value(accessKey).(*access); ok {
		return a
	}
	return new(access)
}

// sold notes what became of a paid call's payment; p is the payment when
// it was decoded, so a refusal names its payer too.
func (a *access) sold(tool string, p *x402.Payment, s *sale) {
	a.tool = tool
	if p != nil {
		a.payer, a.scheme = p.Payer(), p.Kind().String()
	}
	if s.settledNow {
		a.amount = strconv.FormatInt(s.charged, 10)
	}
	if settled := s.settlement; settled != nil {
		a.payer, a.tx = cmp.Or(settled.Payer, a.payer), settled.Transaction
		if x := settled.Extra; x != nil && x.ChannelState != nil {
			a.channel, a.charged = x.ChannelState.ChannelID, x.ChannelState.ChargedCumulativeAmount
		}
	}
	f := s.failure
	if f != nil {
		a.code = f.code
	}
	switch {
	case f == nil && s.redelivered:
		a.payment = outcomeRedelivered
	case f == nil:
		a.payment = outcomeSettled
	case f.facilitatorDown:
		a.payment, a.reason = outcomeFacilitatorDown, f.message
	case f.code == registry.CodeSettlementPending:
		a.payment = outcomeSettlePending
	case f.code == registry.CodePaymentInProgress:
		a.payment = outcomeReplayed
	case f.code == registry.CodeSettlementFailed:
		a.payment, a.reason = outcomeSettleFailed, f.reason
	// A payment that paid for another request, whose answer is gone, or
	// that came over its rate is refused before any tool runs.
	case f.code.Payment() || f.code == registry.CodePaymentConflict || f.code == registry.CodeAnswerExpired || f.code == registry.CodeRateLimited:
		a.payment, a.reason = outcomeRefused, cmp.Or(f.reason, string(f.code))
	case f.code == registry.CodeInternal:
		a.payment, a.reason = outcomeError, f.message
	default:
		a.payment, a.reason = outcomeToolFailed, string(f.code)
	}
}

// required notes an answer that asks for payment.
func (a *access) required() {
	a.payment, a.code = outcomeRequired, registry.CodePaymentRequired
}

// Handler is the fasthttp entry point: it routes the request and writes its
// access line and HTTP metrics.
func (s *Server) Handler(ctx *fasthttp.RequestCtx) {
	a := accesses.Get().(*access)
	*a = access{start: time.Now()}
	a.trace = traceOf(ctx)
	a.id = requestID(ctx, a.idBuf[:0], &a.trace)
	ctx.Response.Header.SetBytesV(headerRequestID, a.id)
	ctx.SetUserValue(accessKey, a)
	a.turn = s.fair.take(ctx.RemoteIP())
	s.route(ctx, a)
	a.giveTurn()
	ctx.SetUserValue(accessKey, nil)
	status := ctx.Response.StatusCode()
	s.http.observe(a.route, status, time.Since(a.start))
	if a.payment != outcomeRequired || s.sample402() {
		s.logAccess(ctx, a, status)
	}
	accesses.Put(a)
}

// sample402 says whether this unpaid 402 gets an access line: one in
// log.unpaid_402_every. Terms are asked for far more often than paid for.
func (s *Server) sample402() bool {
	every := s.cfg.Load().Log.Unpaid402Every
	return every > 0 && s.unpaid402.Add(1)%uint64(every) == 0
}

func (s *Server) logAccess(ctx *fasthttp.RequestCtx, a *access, status int) {
	h := s.log().Handler()
	if !h.Enabled(context.Background(), slog.LevelInfo) {
		return
	}
	// Room for every member, on the stack: the record takes them in one
	// copy.
	attrs := append(make([]slog.Attr, 0, 17),
		slog.String("request_id", string(a.id)),
		slog.String("trace_id", string(a.trace.id[:])),
		slog.String("method", string(ctx.Method())),
		slog.String("route", a.route),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(a.start)),
		slog.Int("bytes", len(ctx.Response.Body())),
	)
	if a.tool != "" {
		attrs = append(attrs, slog.String("tool", a.tool))
	}
	if a.payment != "" {
		attrs = append(attrs, slog.String("payment", a.payment))
	}
	for _, kv := range [...][2]string{{"error", string(a.code)}, {"reason", a.reason}, {"payer", x402.Checksummed(a.payer)}, {"scheme", a.scheme}, {"amount", a.amount}, {"tx", a.tx}, {"channel", a.channel}, {"charged", a.charged}} {
		if kv[1] != "" {
			attrs = append(attrs, slog.String(kv[0], kv[1]))
		}
	}
	// Made here rather than by Logger.LogAttrs, which walks the stack for
	// a source no handler of this service shows.
	r := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
	r.AddAttrs(attrs...)
	h.Handle(context.Background(), r) //nolint:errcheck // a line the handler could not write has nowhere else to go
}

func (s *Server) log() *slog.Logger {
	if s.pay.Log != nil {
		return s.pay.Log
	}
	return slog.Default()
}

// Route templates for the paths that are not routes of their own.
const (
	routeReceipt = registry.PathReceipt + "{tx}"
	routePayment = pathPayment + "{payer}/{nonce}"
	routeChannel = pathChannel + "{id}"
	routeUnknown = "unknown" // any path that is no route: one label, whatever was asked
)

// route finds the request's handler and names its route template.
func (s *Server) route(ctx *fasthttp.RequestCtx, a *access) {
	// Indexing with string(raw) copies nothing: the documents and the paid
	// routes are found without an allocation.
	raw := ctx.Path()
	g := s.gen.Load()
	if h, ok := g.routes[string(raw)]; ok {
		a.route = g.templates[string(raw)]
		h(ctx)
		return
	}
	path := string(raw)
	if path == registry.PathMCP {
		a.route = registry.PathMCP
		g.mcp(ctx)
		return
	}
	if tx, ok := strings.CutPrefix(path, registry.PathReceipt); ok && tx != "" {
		a.route = routeReceipt
		s.serveReceipt(ctx, tx)
		return
	}
	if rest, ok := strings.CutPrefix(path, pathPayment); ok {
		a.route = routePayment
		s.servePaymentStatus(ctx, rest)
		return
	}
	if id, ok := strings.CutPrefix(path, pathChannel); ok {
		a.route = routeChannel
		s.serveChannelStatus(ctx, id)
		return
	}
	a.route = routeUnknown
	f := registry.Suggesting("path", "names no route", g.routeMeant(path))
	writeError(ctx, registry.CodeNotFound, "no route "+path+lexical.DidYouMean(f.Suggestion), []registry.FieldError{f})
}

// httpMetrics time every request by route template and status class.
type httpMetrics struct {
	seconds *prometheus.HistogramVec
	mu      sync.Mutex
	byRoute atomic.Pointer[map[string]*[6]prometheus.Observer] // copied on write: read without a lock
}

func (m *httpMetrics) observe(route string, status int, d time.Duration) {
	if m == nil { // a Server built without New, as unit tests do
		return
	}
	class := status / 100
	if class < 1 || class > 5 {
		class = 0
	}
	if byClass := (*m.byRoute.Load())[route]; byClass != nil && byClass[class] != nil {
		byClass[class].Observe(d.Seconds())
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := *m.byRoute.Load()
	byClass := new([6]prometheus.Observer)
	if o := old[route]; o != nil {
		*byClass = *o
	}
	byClass[class] = m.seconds.WithLabelValues(route, statusClasses[class])
	next := make(map[string]*[6]prometheus.Observer, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	next[route] = byClass
	m.byRoute.Store(&next)
	byClass[class].Observe(d.Seconds())
}

var statusClasses = [6]string{"other", "1xx", "2xx", "3xx", "4xx", "5xx"}
