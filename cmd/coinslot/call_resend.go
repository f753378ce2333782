package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// paidSends bounds how often one signed payment is sent: the service
// answers a re-send of the same payment for the same request from the
// answer it keeps for that payment, and never charges it twice, so a lost
// answer is fetched again rather than paid for again.
const paidSends = 5

// resendWait is the wait before the first re-send; it doubles after each,
// and a longer Retry-After, up to maxRetryAfter, stands instead.
var resendWait = time.Second

const maxRetryAfter = 30 * time.Second

// paidFailure is why a paid request served nothing.
type paidFailure struct {
	line       string        // what to tell the buyer
	code       string        // the error code, when the answer had one
	retryAfter time.Duration // the answer's Retry-After
}

// deliver sends the signed payment, and sends it again while its outcome
// is open: no answer arrived, the settlement is not confirmed yet, or the
// service is still serving the payment's send before (payment_in_progress). lost says why the
// outcome is still open after the last send.
func (b *buyer) deliver(via seller, data []byte, header string, payload *x402.Payload) (answer []byte, settled *x402.SettleResponse, failure *paidFailure, lost error) {
	wait := resendWait
	for send := 1; ; send++ {
		answer, settled, failure, err := via.pay(data, header, payload)
		switch {
		case err != nil:
			lost = err
		case failure != nil && (failure.code == string(registry.CodeSettlementPending) ||
			failure.code == string(registry.CodePaymentInProgress)):
			lost = errors.New(failure.line)
		default:
			return answer, settled, failure, nil
		}
		if send == paidSends {
			return nil, nil, nil, lost
		}
		pause := wait
		if failure != nil && failure.retryAfter > pause {
			pause = min(failure.retryAfter, maxRetryAfter)
		}
		if b.resending != nil {
			b.resending(lost, pause)
		} else {
			fmt.Fprintf(os.Stderr, "coinslot call: no answer yet (%v); sending the same payment again in %s\n", lost, pause)
		}
		time.Sleep(pause)
		wait *= 2
	}
}
