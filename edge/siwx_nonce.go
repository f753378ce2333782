package edge

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"time"
)

// A sign-in-with-x nonce seals its own expiry: 8 bytes of expiry (Unix
// milliseconds), 8 random bytes, and the first 16 bytes of their HMAC-SHA256
// under the ledger's sign-in key, in hex. A 402 then writes nothing, so a
// flood of unpaid calls costs the ledger nothing; only a sign-in writes,
// to use its nonce up.
const (
	nonceBody = 16
	nonceMAC  = 16
)

// sealNonce is a fresh nonce valid until expires.
func sealNonce(key []byte, expires time.Time) string {
	b := make([]byte, nonceBody, nonceBody+sha256.Size)
	binary.BigEndian.PutUint64(b, uint64(expires.UnixMilli()))
	rand.Read(b[8:])
	return hex.EncodeToString(mac(key, b)[:nonceBody+nonceMAC])
}

// openNonce is the expiry nonce was sealed with, if key sealed it.
func openNonce(key []byte, nonce string) (time.Time, bool) {
	b, err := hex.DecodeString(nonce)
	if err != nil || len(b) != nonceBody+nonceMAC {
		return time.Time{}, false
	}
	if !hmac.Equal(mac(key, b[:nonceBody:nonceBody])[nonceBody:nonceBody+nonceMAC], b[nonceBody:]) {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(binary.BigEndian.Uint64(b))), true
}

// mac appends body's HMAC-SHA256 under key to body.
func mac(key, body []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(body)
	return h.Sum(body)
}

// signInKey is the ledger's sign-in key, read once.
func (s *Server) signInKey() ([]byte, error) {
	if k := s.siwxKey.Load(); k != nil {
		return *k, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), ledgerWait)
	defer cancel()
	k, err := s.pay.Ledger.SignInKey(ctx)
	if err != nil {
		return nil, err
	}
	s.siwxKey.Store(&k)
	return k, nil
}
