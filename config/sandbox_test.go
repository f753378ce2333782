package config

import "testing"

// sandbox.chain_id is 1337 unless set, in the file or by
// COINSLOT_SANDBOX_CHAIN_ID, and is refused when no chain can have it or a
// real network has it.
func TestSandboxChainID(t *testing.T) {
	cfg, err := Parse(nil, nil)
	if err != nil || cfg.Sandbox.ChainID != 1337 {
		t.Fatalf("default: %+v %v", cfg.Sandbox, err)
	}
	cfg, err = Parse([]byte("sandbox: {chain_id: 5}\n"), []string{"COINSLOT_SANDBOX_CHAIN_ID=31338"})
	if err != nil || cfg.Sandbox.ChainID != 31338 {
		t.Fatalf("from the environment: %+v %v", cfg.Sandbox, err)
	}
	for _, tc := range []struct{ env, want string }{
		{"COINSLOT_SANDBOX_CHAIN_ID=0", "sandbox.chain_id (COINSLOT_SANDBOX_CHAIN_ID): must be between 1 and 4503599627370476, got 0"},
		{"COINSLOT_SANDBOX_CHAIN_ID=4503599627370477", "sandbox.chain_id (COINSLOT_SANDBOX_CHAIN_ID): must be between 1 and 4503599627370476, got 4503599627370477"},
		{"COINSLOT_SANDBOX_CHAIN_ID=8453", "sandbox.chain_id (COINSLOT_SANDBOX_CHAIN_ID): 8453 is the chain id of eip155:8453, a real network; take one no network uses, such as 1337"},
	} {
		_, err := ParseWith(nil, []string{tc.env}, Options{Networks: []string{"eip155:8453", "eip155:84532"}})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %s", tc.env, err, tc.want)
		}
	}
}
