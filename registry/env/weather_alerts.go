package env

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/nws"
)

// maxAlerts caps a nationwide answer, which can hold hundreds of alerts.
const maxAlerts = 100

// stateCode is a two-letter U.S. state or marine area code in either case.
const stateCode = `^[A-Za-z]{2}$`

func init() {
	family.Register(&registry.Tool{
		Name: "weather_alerts", Path: "/paid/env/weather-alerts", Price: "0.02",
		Description: "Active National Weather Service watches, warnings and advisories for a U.S. state or marine area, or a forecast " +
			"or county zone, or nationwide (at most 100): event, severity, urgency, certainty, areas, timing and instructions.",
		Params: []registry.Param{
			registry.Str("state").Len(2, 2).Matching(stateCode, "a two-letter code such as TX").
				Describe("two-letter state or marine area code, e.g. TX"),
			registry.Str("zone").Len(6, 6).Matching(`^[A-Za-z]{2}[CZcz][0-9]{3}$`, "an NWS zone id such as TXZ338 or TXC201").
				Describe("NWS zone id, e.g. TXZ338 or TXC201"),
		},
		Example:  map[string]any{"state": "TX"},
		Synonyms: []string{"severe weather", "storm warning", "tornado warning", "hurricane warning", "flood warning", "nws alerts"},
		Expected: "Envelope whose data is an array of active National Weather Service alerts in the order NWS gives them, and no alert is an empty array.",
		Shape:    registry.Envelope,
		Result:   []alert(nil),
		Sources:  []string{nws.Source.Name},
		Handler:  weatherAlerts,
	})
}

type alert struct {
	ID          string `json:"id"`
	Event       string `json:"event"`
	Severity    string `json:"severity"`
	Urgency     string `json:"urgency"`
	Certainty   string `json:"certainty"`
	Headline    string `json:"headline"`
	Area        string `json:"area"`
	Sent        string `json:"sent"`
	Effective   string `json:"effective"`
	Expires     string `json:"expires"`
	Ends        string `json:"ends"`
	Sender      string `json:"sender"`
	Description string `json:"description"`
	Instruction string `json:"instruction"`
	Response    string `json:"response"`
}

func weatherAlerts(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	state := strings.ToUpper(c.Args.String("state"))
	zone := strings.ToUpper(c.Args.String("zone"))
	up := upstreams.NewSession(c.Upstream)
	alerts, err := upstreams.Fetch(ctx, up, nws.ActiveAlerts(state, zone), nws.DecodeAlerts)
	if err != nil {
		return nil, err
	}
	if len(alerts) > maxAlerts {
		alerts = alerts[:maxAlerts]
	}
	out := make([]alert, 0, len(alerts))
	for _, a := range alerts {
		out = append(out, alert{
			ID: a.ID, Event: a.Event, Severity: a.Severity, Urgency: a.Urgency, Certainty: a.Certainty, Headline: a.Headline,
			Area: a.AreaDesc, Sent: a.Sent, Effective: a.Effective, Expires: a.Expires, Ends: a.Ends, Sender: a.SenderName,
			Description: tidy.Clip(a.Description, maxText), Instruction: tidy.Clip(a.Instruction, maxText), Response: a.Response,
		})
	}
	return &registry.Result{Data: out, Count: len(out), Source: nws.Source.Title, Cached: up.Cached()}, nil
}
