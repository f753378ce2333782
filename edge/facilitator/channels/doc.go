// Package channels is the Go binding of the x402 batch-settlement scheme's
// contracts, contracts/x402BatchSettlement.sol and
// contracts/ERC3009DepositCollector.sol: abigen's bindings, their runtime
// code for genesis state (placed at x402.BatchSettlementAddress and
// x402.ERC3009CollectorAddress). Run
// contracts/generate.sh to remake the generated files.
package channels
