package osint

import (
	"context"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openrouter"
)

func init() {
	family.Register(&registry.Tool{
		Name: "llm_router_models", Path: "/paid/osint/llm-router-models", Price: "0.02",
		Description: "Models offered by the LLM router with context length and USD prices per million tokens, newest first. Results are cached for 1 hour.",
		Params: []registry.Param{
			registry.Int("limit").Range(10, 300).WithDefault(100),
			registry.Int("min_context").AtLeast(0).Describe("minimum context length in tokens"),
		},
		Example:  map[string]any{"limit": 20, "min_context": 100000},
		Synonyms: []string{"ai model prices", "llm pricing", "token costs", "openrouter models", "cheapest llm", "context window", "cheaper model", "gpt", "claude"},
		Expected: "Envelope whose data is an array of OpenRouter models with context length, modality and prices in USD per million tokens.",
		Shape:    registry.Envelope,
		Result:   []routerModel(nil),
		Sources:  []string{openrouter.Source.Name},
		CacheTTL: time.Hour,
		Handler:  llmRouterModels,
	})
}

type routerModel struct {
	ID                   string   `json:"id"`
	Name                 string   `json:"name"`
	Created              string   `json:"created"`
	ContextLength        int      `json:"context_length"`
	MaxCompletionTokens  *int     `json:"max_completion_tokens"`
	Modality             string   `json:"modality"`
	PromptUSDPerMTok     *float64 `json:"prompt_usd_per_mtok"`
	CompletionUSDPerMTok *float64 `json:"completion_usd_per_mtok"`
	Free                 bool     `json:"free"`
	VariablePricing      bool     `json:"variable_pricing"`
}

func llmRouterModels(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	models, err := upstreams.Fetch(ctx, up, openrouter.Models(), openrouter.DecodeModels)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(models, func(i, j int) bool {
		if models[i].Created != models[j].Created {
			return models[i].Created > models[j].Created
		}
		return models[i].ID < models[j].ID
	})
	minContext, limit := c.Args.Int("min_context"), c.Args.Int("limit")
	out := make([]routerModel, 0, min(limit, len(models)))
	for _, m := range models {
		if m.ContextLength < minContext {
			continue
		}
		prompt, pok := openrouter.PerMillion(m.Pricing.Prompt)
		completion, cok := openrouter.PerMillion(m.Pricing.Completion)
		rm := routerModel{
			ID: m.ID, Name: m.Name, Created: time.Unix(m.Created, 0).UTC().Format(time.DateOnly),
			ContextLength: m.ContextLength, MaxCompletionTokens: m.TopProvider.MaxCompletionTokens, Modality: m.Architecture.Modality,
			VariablePricing: !pok || !cok,
		}
		if pok && cok {
			rm.PromptUSDPerMTok, rm.CompletionUSDPerMTok = ptr(tidy.Round(prompt, 4)), ptr(tidy.Round(completion, 4))
			rm.Free = prompt == 0 && completion == 0
		}
		out = append(out, rm)
		if len(out) == limit {
			break
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: openrouter.Source.Title, Cached: up.Cached()}, nil
}

func ptr[T any](v T) *T { return &v }
