package openrouter

import (
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Models builds GET /models: the whole catalog in one answer.
func Models() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/models"}
}

// Model is one catalog entry. Prices are USD per token, sent as strings;
// "-1" means the price varies (router models).
type Model struct {
	ID            string `json:"id,required"`
	Name          string `json:"name"`
	Created       int64  `json:"created"`
	ContextLength int    `json:"context_length"`
	Architecture  struct {
		Modality string `json:"modality"`
	} `json:"architecture"`
	Pricing struct {
		Prompt     string `json:"prompt"`
		Completion string `json:"completion"`
	} `json:"pricing,required"`
	TopProvider struct {
		MaxCompletionTokens *int `json:"max_completion_tokens"`
	} `json:"top_provider"`
}

// PerMillion converts a per-token price to USD per million tokens; ok is
// false for variable or missing prices.
func PerMillion(perToken string) (usd float64, ok bool) {
	p, err := strconv.ParseFloat(perToken, 64)
	if err != nil || p < 0 {
		return 0, false
	}
	return p * 1e6, true
}

// DecodeModels reads the catalog.
func DecodeModels(body []byte) ([]Model, error) {
	var r struct {
		Data []Model `json:"data,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Data, nil
}
