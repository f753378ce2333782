package safety

import (
	"reflect"
	"testing"
)

// A 32-byte hex value is a suspected key unless its field is named for a
// transaction hash or a digest, as a receipt's are.
func TestScanSecretsTellsHashesFromKeys(t *testing.T) {
	hex := "0x1f6a0c0b8f4d2e3a9c7b5d1e0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a"
	doc := map[string]any{
		"receipt": map[string]any{"tx": hex, "request_sha256": hex[2:], "txHash": hex, "transaction": hex},
		"wallet":  map[string]any{"seed": hex, "signer_key": hex[2:]},
	}
	want := []secretHit{
		{"$.wallet.seed", hexKeyKind, "0x1f…"},
		{"$.wallet.signer_key", hexKeyKind, "1f6a…"},
	}
	if got := scanSecrets(doc); !reflect.DeepEqual(got, want) {
		t.Errorf("hits = %+v, want %+v", got, want)
	}
}
