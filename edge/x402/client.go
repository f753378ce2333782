package x402

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpproxy"
)

// SupportedKind is one (version, scheme, network) a facilitator handles.
type SupportedKind struct {
	X402Version int            `json:"x402Version"`
	Scheme      string         `json:"scheme"`
	Network     string         `json:"network"`
	Extra       map[string]any `json:"extra,omitempty"`
}

// Supported is a facilitator's /supported document. All three members are
// required: MarshalJSON writes them even when empty.
type Supported struct {
	Kinds      []SupportedKind     `json:"kinds"`
	Extensions []string            `json:"extensions"`
	Signers    map[string][]string `json:"signers"`
}

// HTTPFacilitator talks to a facilitator over HTTP. Its requests go out on
// fasthttp's client, which writes and reads each one on the calling
// goroutine; net/http's transport hands every request to a writer and a
// reader goroutine of its connection, three goroutine switches per round
// trip, and a paid call makes two. Proxies come from HTTP_PROXY,
// HTTPS_PROXY and NO_PROXY, as with net/http; redirects are not followed
// (a facilitator answers /verify and /settle itself).
type HTTPFacilitator struct {
	URL string // base, e.g. https://x402.org/facilitator
	// Timeout bounds each request, from dialling to the last byte of the
	// answer; a sooner deadline of the request's context bounds it too.
	Timeout time.Duration
	// Authorize returns a bearer token for one request (CDP wants a fresh JWT
	// per request, naming method and URL); nil sends none.
	Authorize func(ctx context.Context, method, url string) (string, error)
	// VerifyAttempts bounds /verify tries on transport errors, 429 and 5xx;
	// a facilitator never reached is not tried again (a failover asks the
	// next). /settle is tried once: a retried settle could move money twice.
	VerifyAttempts int
	Backoff        time.Duration // before the second try; doubles after

	clientOnce sync.Once
	client     *fasthttp.Client
}

// NewHTTPFacilitator is a client with a 15 s timeout, three verify attempts
// and an optional static bearer token.
func NewHTTPFacilitator(url, token string) *HTTPFacilitator {
	f := &HTTPFacilitator{URL: strings.TrimRight(url, "/"), Timeout: 15 * time.Second, VerifyAttempts: 3, Backoff: 250 * time.Millisecond}
	if token != "" {
		f.Authorize = func(context.Context, string, string) (string, error) { return token, nil }
	}
	return f
}

// maxAnswer bounds a facilitator's answer.
const maxAnswer = 1 << 20

// maxConns bounds the connections open to a facilitator.
const maxConns = 1024

// httpClient is f's connection pool, made on first use. Every paid call
// holds a connection through /verify and again through /settle, so as many
// stay open as calls run at once; past maxConns a call waits for one, within
// its timeout. No request is sent twice by the client itself: /settle must
// not be, and verify retries on its own terms.
func (f *HTTPFacilitator) httpClient() *fasthttp.Client {
	f.clientOnce.Do(func() {
		secure := strings.HasPrefix(f.URL, "https:")
		d := fasthttpproxy.Dialer{DialDualStack: true, Timeout: f.Timeout, ConnectTimeout: f.Timeout}
		dial, err := d.GetDialFuncForTLS(true, secure)
		if err != nil {
			// An unreadable proxy setting: every request fails to dial.
			dial = func(string) (net.Conn, error) { return nil, err }
		}
		f.client = &fasthttp.Client{
			Dial: reaching(dial, secure, f.Timeout), MaxConnsPerHost: maxConns, MaxConnWaitTimeout: f.Timeout,
			MaxResponseBodySize: maxAnswer, MaxIdemponentCallAttempts: 1,
			RetryIfErr:     func(*fasthttp.Request, int, error) (bool, bool) { return false, false },
			ReadBufferSize: 16 << 10, NoDefaultUserAgentHeader: true,
		}
	})
	return f.client
}

// FacilitatorError is a facilitator that did not answer usefully. Its
// message is safe to show a buyer: it never carries the facilitator's body.
type FacilitatorError struct {
	Op      string // verify, settle, supported
	Status  int    // HTTP status, 0 when none arrived
	Message string
	// Unreached: the request certainly never reached the facilitator (its
	// name did not resolve, the connection or the TLS handshake failed), so
	// even a /settle may go to another.
	Unreached bool
}

func (e *FacilitatorError) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("facilitator %s: %s (HTTP %d)", e.Op, e.Message, e.Status)
	}
	return fmt.Sprintf("facilitator %s: %s", e.Op, e.Message)
}

// retryable reports whether another verify attempt may help.
func (e *FacilitatorError) retryable() bool {
	return !e.Unreached && (e.Status == 0 || e.Status == http.StatusTooManyRequests || e.Status >= 500)
}

// Request is one payment as a facilitator is asked about it. /verify and
// /settle take the same body, so a remote facilitator's request is encoded
// once, on first use, for both. A Request is for one goroutine at a time.
type Request struct {
	Payload      *Payload
	Requirements *Requirements
	body         []byte
}

// NewRequest is the request for p against r.
func NewRequest(p *Payload, r *Requirements) *Request {
	return &Request{Payload: p, Requirements: r}
}

// Verify asks f to verify the payment.
func (q *Request) Verify(ctx context.Context, f Facilitator) (*VerifyResponse, error) {
	if h, ok := f.(*HTTPFacilitator); ok {
		return h.verify(ctx, q)
	}
	return f.Verify(ctx, q.Payload, q.Requirements)
}

// Settle asks f to settle the payment.
func (q *Request) Settle(ctx context.Context, f Facilitator) (*SettleResponse, error) {
	if h, ok := f.(*HTTPFacilitator); ok {
		return h.settle(ctx, q)
	}
	return f.Settle(ctx, q.Payload, q.Requirements)
}

func (q *Request) encoded() ([]byte, error) {
	if q.body != nil {
		return q.body, nil
	}
	// The extensions, the bulk of the payload, are spliced in as received
	// (decoding checked them) rather than compacted again by Marshal.
	bare := *q.Payload
	bare.Extensions = nil
	payload, err := json.Marshal(&bare)
	if err != nil {
		return nil, err
	}
	requirements, err := json.Marshal(q.Requirements)
	if err != nil {
		return nil, err
	}
	ext := q.Payload.Extensions
	b := make([]byte, 0, len(payload)+len(ext)+len(requirements)+80)
	b = append(b, `{"x402Version":`...)
	b = strconv.AppendInt(b, int64(q.Payload.X402Version), 10)
	b = append(b, `,"paymentPayload":`...)
	if len(ext) > 0 {
		b = append(b, payload[:len(payload)-1]...)
		b = append(b, `,"extensions":`...)
		b = append(b, ext...)
		b = append(b, '}')
	} else {
		b = append(b, payload...)
	}
	b = append(b, `,"paymentRequirements":`...)
	b = append(b, requirements...)
	q.body = append(b, '}')
	return q.body, nil
}

// Verify asks /verify. An invalid payment is a VerifyResponse with IsValid
// false, whatever HTTP status carried it; an error means no usable answer.
func (f *HTTPFacilitator) Verify(ctx context.Context, p *Payload, r *Requirements) (*VerifyResponse, error) {
	return f.verify(ctx, NewRequest(p, r))
}

func (f *HTTPFacilitator) verify(ctx context.Context, q *Request) (*VerifyResponse, error) {
	body, err := q.encoded()
	if err != nil {
		return nil, err
	}
	var last error
	wait := f.Backoff
	for attempt := 0; attempt < max(f.VerifyAttempts, 1); attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return nil, last
			case <-time.After(wait):
			}
			wait *= 2
		}
		var out struct {
			IsValid        *bool         `json:"isValid"`
			InvalidReason  string        `json:"invalidReason"`
			InvalidMessage string        `json:"invalidMessage"`
			Payer          string        `json:"payer"`
			Extra          *ChannelState `json:"extra"`
		}
		status, err := f.do(ctx, http.MethodPost, "verify", body, &out)
		var fe *FacilitatorError
		if errors.As(err, &fe) && fe.retryable() && ctx.Err() == nil {
			last = err
			continue
		}
		if err != nil {
			return nil, err
		}
		switch {
		case out.IsValid != nil && (status == http.StatusOK || !*out.IsValid):
			return &VerifyResponse{IsValid: *out.IsValid, InvalidReason: out.InvalidReason, InvalidMessage: out.InvalidMessage, Payer: out.Payer, Extra: out.Extra}, nil
		case out.InvalidReason != "":
			return &VerifyResponse{InvalidReason: out.InvalidReason, InvalidMessage: out.InvalidMessage, Payer: out.Payer}, nil
		case status == http.StatusOK:
			return nil, &FacilitatorError{Op: "verify", Status: status, Message: "answer has no isValid"}
		}
		return nil, &FacilitatorError{Op: "verify", Status: status, Message: "request refused"}
	}
	return nil, last
}

// Settle asks /settle, once. A failed settlement is a SettleResponse with
// Success false; an error means the outcome is unknown.
func (f *HTTPFacilitator) Settle(ctx context.Context, p *Payload, r *Requirements) (*SettleResponse, error) {
	return f.settle(ctx, NewRequest(p, r))
}

func (f *HTTPFacilitator) settle(ctx context.Context, q *Request) (*SettleResponse, error) {
	body, err := q.encoded()
	if err != nil {
		return nil, err
	}
	var out struct {
		Success      *bool        `json:"success"`
		ErrorReason  string       `json:"errorReason"`
		ErrorMessage string       `json:"errorMessage"`
		Payer        string       `json:"payer"`
		Transaction  *string      `json:"transaction"`
		Network      string       `json:"network"`
		Amount       string       `json:"amount"`
		Extra        *SettleExtra `json:"extra"`
	}
	status, err := f.do(ctx, http.MethodPost, "settle", body, &out)
	if err != nil {
		return nil, err
	}
	resp := &SettleResponse{ErrorReason: out.ErrorReason, ErrorMessage: out.ErrorMessage, Payer: out.Payer, Network: out.Network, Amount: out.Amount, Extra: out.Extra}
	if out.Transaction != nil {
		resp.Transaction = *out.Transaction
	}
	switch {
	case out.Success == nil && out.ErrorReason == "":
		if status == http.StatusOK {
			return nil, &FacilitatorError{Op: "settle", Status: status, Message: "answer has no success"}
		}
		return nil, &FacilitatorError{Op: "settle", Status: status, Message: "request refused"}
	case out.Success != nil && *out.Success && status == http.StatusOK:
		if resp.Transaction == "" || resp.Network == "" {
			return nil, &FacilitatorError{Op: "settle", Status: status, Message: "success without a transaction and network"}
		}
		resp.Success = true
	}
	return resp, nil
}

// Supported asks /supported.
func (f *HTTPFacilitator) Supported(ctx context.Context) (*Supported, error) {
	var out Supported
	status, err := f.do(ctx, http.MethodGet, "supported", nil, &out)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, &FacilitatorError{Op: "supported", Status: status, Message: "request refused"}
	}
	return &out, nil
}

// do sends one request and decodes a JSON answer into out. 429 and 5xx are
// errors whatever their body says: for /settle they leave the outcome unknown.
func (f *HTTPFacilitator) do(ctx context.Context, method, op string, body []byte, out any) (int, error) {
	url := f.URL + "/" + op
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.Header.SetMethod(method)
	if err := req.URI().Parse(nil, []byte(url)); err != nil || (!strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://")) {
		return 0, &FacilitatorError{Op: op, Message: "bad facilitator URL", Unreached: true}
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.SetContentType("application/json")
		req.SetBodyRaw(body)
	}
	if f.Authorize != nil {
		token, err := f.Authorize(ctx, method, url)
		if err != nil {
			return 0, &FacilitatorError{Op: op, Status: 0, Message: "no credentials: " + err.Error()}
		}
		req.Header.Set("Authorization", "Bearer "+token)
	}
	// fasthttp takes a deadline, not a context: a context cancelled without
	// one is seen before the request goes out, not during it.
	if ctx.Err() != nil {
		return 0, &FacilitatorError{Op: op, Status: 0, Message: "timed out"}
	}
	deadline, bounded := ctx.Deadline()
	if limit := time.Now().Add(f.Timeout); f.Timeout > 0 && (!bounded || limit.Before(deadline)) {
		deadline, bounded = limit, true
	}
	var err error
	if bounded {
		err = f.httpClient().DoDeadline(req, resp, deadline)
	} else {
		err = f.httpClient().Do(req, resp)
	}
	var unreached *unreachedError
	switch {
	case errors.As(err, &unreached):
		return 0, &FacilitatorError{Op: op, Message: unreached.why, Unreached: true}
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		return 0, &FacilitatorError{Op: op, Status: resp.StatusCode(), Message: "answer cut short"}
	case errors.Is(err, fasthttp.ErrTimeout) || errors.Is(err, fasthttp.ErrDialTimeout) || err != nil && ctx.Err() != nil:
		return 0, &FacilitatorError{Op: op, Status: 0, Message: "timed out"}
	case err != nil:
		return 0, &FacilitatorError{Op: op, Status: 0, Message: "unreachable"}
	}
	status := resp.StatusCode()
	switch {
	case status == http.StatusTooManyRequests || status >= 500:
		return status, &FacilitatorError{Op: op, Status: status, Message: "server error"}
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return status, &FacilitatorError{Op: op, Status: status, Message: "refused this service's credentials"}
	case json.Unmarshal(resp.Body(), out) != nil:
		return status, &FacilitatorError{Op: op, Status: status, Message: "answer is not JSON"}
	}
	return status, nil
}
