package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"os"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/prometheus/client_golang/prometheus"
)

// networkNames are the built-in networks the config's network may name.
func networkNames() []string {
	names := make([]string, len(x402.Networks))
	for i, n := range x402.Networks {
		names[i] = n.ID
	}
	return names
}

// configuredNetworks are the networks cfg sells on, the default first:
// entries of the built-in table, or custom_networks.
func configuredNetworks(cfg *config.Config) ([]x402.Network, error) {
	var nets []x402.Network
	for _, name := range cfg.Network {
		if n, ok := x402.LookupNetwork(name); ok {
			nets = append(nets, n)
			continue
		}
		found := false
		for _, c := range cfg.CustomNetworks {
			if c.ID == name {
				n, err := x402.CustomNetwork(c.ID, c.ChainID, c.Name, c.Asset, c.DomainName, c.DomainVersion)
				if err != nil {
					return nil, fmt.Errorf("custom network %s: %w", c.ID, err)
				}
				nets, found = append(nets, n), true
			}
		}
		if !found {
			return nil, fmt.Errorf("network %q is no built-in or custom network", name)
		}
	}
	return nets, nil
}

// settled are the configured networks a facilitator lists exact on, in
// their order: a network none settles is not offered, and the log
// says why. When they settle none of them, every one is offered and
// readiness names each as unsettled: an instance that sells nothing must
// not look healthy, nor refuse to start while the facilitator is down.
func settled(configured []x402.Network, doc *x402.Supported, log *slog.Logger) []x402.Network {
	var offered []x402.Network
	for _, n := range configured {
		if doc.Lists(x402.SchemeExact, n.ID) {
			offered = append(offered, n)
			continue
		}
		log.Warn("network not offered: no facilitator's /supported lists exact on it", "network", n.ID, "network_name", n.Name)
	}
	if len(offered) == 0 {
		log.Error("no facilitator settles any of the configured networks; offering them all, and not ready until one does", "networks", ids(configured))
		return configured
	}
	return offered
}

func ids(nets []x402.Network) []string {
	out := make([]string, len(nets))
	for i, n := range nets {
		out[i] = n.ID
	}
	return out
}

// chainNetwork is the network among nets whose chain chain_rpc serves: the
// one its settlements are reconciled on.
func chainNetwork(ctx context.Context, chain interface {
	ChainID(ctx context.Context) (*big.Int, error)
}, nets []x402.Network) (x402.Network, error) {
	id, err := chain.ChainID(ctx)
	if err != nil {
		return x402.Network{}, fmt.Errorf("reading the chain id: %w", err)
	}
	for _, n := range nets {
		if n.ChainID.Cmp(id) == 0 {
			return n, nil
		}
	}
	return x402.Network{}, fmt.Errorf("it serves chain %s, which is none of the networks sold on (%v)", id, ids(nets))
}

// remoteFacilitator is the client of the configured facilitator, signing
// its requests as facilitator_auth says.
func remoteFacilitator(cfg *config.Config) (*x402.HTTPFacilitator, error) {
	f := x402.NewHTTPFacilitator(cfg.FacilitatorURL, cfg.FacilitatorToken)
	auth, err := authorizer(cfg.FacilitatorAuth, "facilitator_auth")
	if auth != nil {
		f.Authorize = auth
	}
	return f, err
}

// facilitators is the configured facilitator, or, with facilitators
// listed, all of them behind a failover in order, facilitator_url first.
func facilitators(cfg *config.Config, reg prometheus.Registerer) (x402.Facilitator, error) {
	primary, err := remoteFacilitator(cfg)
	if err != nil || len(cfg.Facilitators) == 0 {
		return primary, err
	}
	members := []x402.Member{{Name: hostOf(cfg.FacilitatorURL), Facilitator: primary}}
	for i, c := range cfg.Facilitators {
		f, err := fallback(c, fmt.Sprintf("facilitators[%d]", i))
		if err != nil {
			return nil, err
		}
		members = append(members, x402.Member{Name: hostOf(c.URL), Facilitator: f})
	}
	return x402.NewFailover(members, *cfg.FailoverBreaker.Failures, time.Duration(*cfg.FailoverBreaker.Cooldown), reg)
}

// fallback is the client of one of facilitators, at key.
func fallback(c config.Facilitator, key string) (*x402.HTTPFacilitator, error) {
	f := x402.NewHTTPFacilitator(c.URL, c.Token)
	auth, err := authorizer(c.Auth, key+".auth")
	if auth != nil {
		f.Authorize = auth
	}
	return f, err
}

// hostOf names a facilitator by its address's host and path, leaving out
// any credentials the URL might carry.
func hostOf(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "facilitator"
	}
	return u.Host + u.Path
}

// authorizer signs a hosted facilitator's requests with the key a reads;
// nil when a names none. Errors name the key's source, never its value.
func authorizer(a config.FacilitatorAuth, key string) (x402.Authorizer, error) {
	if a.Kind == "" {
		return nil, nil
	}
	var secret string
	if a.KeyFile != "" {
		b, err := os.ReadFile(a.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("%s.key_file: %w", key, err)
		}
		secret = string(b)
	} else if secret = os.Getenv(a.KeyEnv); secret == "" {
		return nil, fmt.Errorf("%s.key_env: %s is not set", key, a.KeyEnv)
	}
	sign := x402.CDPAuthorizer
	if a.Kind == "payai" {
		sign = x402.PayAIAuthorizer
	}
	auth, err := sign(a.KeyID, secret, time.Now)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return auth, nil
}
