// Package permit2 is the Go binding of the canonical Permit2 (Uniswap) and
// the x402 Permit2 proxies, x402ExactPermit2Proxy and x402UptoPermit2Proxy,
// vendored under contracts/vendor: abigen's bindings, bound in one pass as
// they share Permit2's structs, and their runtime code with immutables baked
// in, which the sandbox places at x402.Permit2Address,
// x402.ExactPermit2ProxyAddress and x402.UptoPermit2ProxyAddress. Run
// contracts/generate.sh to remake the generated files.
package permit2
