package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/upstreams/replay"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// dialChains connects to chain_rpc's endpoints, in order: read to
// reconcile, watch channels and check contract wallets. Each is a
// readiness check.
func (svc *service) dialChains(ctx context.Context, cfg *config.Config) (chains []*ethclient.Client, checks []edge.Check, err error) {
	for i, u := range cfg.ChainRPC {
		chain, err := ethclient.DialContext(ctx, u)
		if err != nil {
			return nil, nil, fmt.Errorf("chain_rpc[%d]: %w", i, err)
		}
		svc.closers = append(svc.closers, func() error { chain.Close(); return nil })
		chains = append(chains, chain)
		why := "chain_rpc is unreachable"
		if len(cfg.ChainRPC) > 1 {
			why = fmt.Sprintf("chain_rpc[%d] is unreachable", i)
		}
		checks = append(checks, edge.Check{Why: why, Probe: func(ctx context.Context) error {
			_, err := chain.BlockNumber(ctx)
			return err
		}})
	}
	return chains, checks, nil
}

// sellOn sets what the service sells on and settles through: in sandbox
// mode the simulated chain and its facilitator, its own or another
// sandbox's (the one chain_rpc endpoint); in production the configured
// networks and facilitators, each chain matched to its network. It returns
// the sandbox's chain, whose ledger is its own, or nil.
func (svc *service) sellOn(ctx context.Context, cfg *config.Config, chains []*ethclient.Client, pay *edge.Payments, reads *chainReads, opts *actors.Options) (facilitator.ChainReader, error) {
	if cfg.Mode != config.Sandbox {
		configured, err := configuredNetworks(cfg)
		if err != nil {
			return nil, err
		}
		pay.Networks = configured
		if pay.Facilitator, err = facilitators(cfg, svc.metrics); err != nil {
			return nil, err
		}
		for i, chain := range chains {
			n, err := chainNetwork(ctx, chain, configured)
			if err != nil {
				return nil, fmt.Errorf("chain_rpc[%d]: %w", i, err)
			}
			if reads.finders[n.ID] != nil {
				return nil, fmt.Errorf("chain_rpc[%d]: a second endpoint of %s; give one per network", i, networkLabel(n))
			}
			reads.read(n, chain)
		}
		return nil, nil
	}
	rs, err := replay.Start("127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("replay server: %w", err)
	}
	svc.closers = append(svc.closers, rs.Close)
	opts.Sandbox, opts.ReplayURL = true, rs.URL()
	if len(chains) == 1 {
		// Another sandbox's chain and facilitator, which outlive this process.
		chain := chains[0]
		joined, err := facilitator.JoinSandbox(ctx, chain)
		if err != nil {
			return nil, fmt.Errorf("chain_rpc: %w", err)
		}
		pay.Networks = []x402.Network{joined}
		if pay.Facilitator, err = remoteFacilitator(cfg); err != nil {
			return nil, err
		}
		reads.read(joined, chain)
		cfg.PayTo = facilitator.SandboxPayTo().Hex()
		return chain, nil
	}
	sb, err := facilitator.NewSandbox(ctx, sandboxBuyers, cfg.Sandbox.ChainID)
	if err != nil {
		return nil, fmt.Errorf("sandbox chain: %w", err)
	}
	svc.closers = append(svc.closers, sb.Close)
	svc.sandbox = sb
	pay.Networks, pay.Facilitator = []x402.Network{sb.Network}, sb.Facilitator
	reads.read(sb.Network, sb.Client())
	cfg.PayTo = sb.PayTo.Hex()
	cfg.FacilitatorURL = ownFacilitator(cfg.BaseURL)
	svc.extra["/facilitator/"] = fasthttpadaptor.NewFastHTTPHandler(http.StripPrefix("/facilitator", sb.Facilitator.HTTPHandler()))
	svc.extra[pathSandboxRPC] = fasthttpadaptor.NewFastHTTPHandler(sb.RPCHandler())
	return sb.Client(), nil
}

// chainReads is what the jobs beside the calls read the chains through,
// by the CAIP-2 network each chain is.
type chainReads struct {
	finders  map[string]upkeep.SettlementFinder // none for a network: its pending settlements are only counted
	channels map[string]upkeep.ChannelChain     // none for batch-settlement's network: no chain watch
	wallets  map[string]ethereum.ContractCaller // contract wallets' sign-in-with-x signatures
}

// read reads network n through chain.
func (r *chainReads) read(n x402.Network, chain facilitator.ChainReader) {
	if r.finders == nil {
		r.finders, r.channels, r.wallets = map[string]upkeep.SettlementFinder{}, map[string]upkeep.ChannelChain{}, map[string]ethereum.ContractCaller{}
	}
	r.finders[n.ID] = facilitator.Finder{Chain: chain, ChainID: n.ChainID, Asset: n.Asset}
	r.channels[n.ID] = facilitator.ChannelReader{Chain: chain}
	r.wallets[n.ID] = chain
}
