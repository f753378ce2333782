package health

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/nhtsa"
)

// recentModelYears is how many model years a make-and-model search covers:
// next year's models (on sale from the autumn) and the four before.
const recentModelYears = 5

func init() {
	family.Register(&registry.Tool{
		Name: "vehicle_recalls", Path: "/paid/health/vehicle-recalls", Price: "0.03",
		Description: "NHTSA safety recall campaigns for a vehicle: by VIN (decoded with NHTSA vPIC, check digit verified) or by make and model " +
			"across the five most recent model years, with component, summary, consequence, remedy and park-it / park-outside warnings.",
		Params: []registry.Param{
			registry.Str("make").Len(1, 50).Describe("manufacturer make, e.g. Honda; with model"),
			registry.Str("model").Len(1, 60).Describe("model name, e.g. Civic; with make"),
			registry.Str("vin").Len(17, 17).Matching(vinPattern, "17 digits and letters A-Z except I, O and Q").
				Describe("17-character vehicle identification number; takes precedence over make and model"),
		},
		Example:  map[string]any{"make": "Honda", "model": "Civic"},
		Synonyms: []string{"car recall", "vin recall check", "auto recall", "truck recall", "nhtsa", "toyota, ford, honda, chevrolet, tesla", "suv recall", "open recalls on my car"},
		Expected: "Envelope whose data holds the vehicle (decoded from its VIN by NHTSA vPIC, or given by make and model) and its recall campaigns, newest first.",
		Shape:    registry.Envelope,
		Result:   vehicleRecallReport{},
		Sources:  []string{nhtsa.Recalls.Name, nhtsa.VPIC.Name},
		Check:    checkVehicle,
		Handler:  vehicleRecalls,
	})
}

type vehicle struct {
	Make       string `json:"make"`
	Model      string `json:"model"`
	ModelYears []int  `json:"model_years"`
	VIN        string `json:"vin,omitempty"`
	Trim       string `json:"trim,omitempty"`
	BodyClass  string `json:"body_class,omitempty"`
}

type vehicleRecall struct {
	Campaign         string `json:"campaign"`
	ReportDate       string `json:"report_date"`
	Component        string `json:"component"`
	Summary          string `json:"summary"`
	Consequence      string `json:"consequence"`
	Remedy           string `json:"remedy"`
	ParkIt           bool   `json:"park_it"`
	ParkOutside      bool   `json:"park_outside"`
	OverTheAirUpdate bool   `json:"over_the_air_update"`
	ModelYears       []int  `json:"model_years"`
}

type vehicleRecallReport struct {
	Vehicle vehicle         `json:"vehicle"`
	Recalls []vehicleRecall `json:"recalls"`
}

func vehicleRecalls(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	v, source, err := identify(ctx, c, up)
	if err != nil {
		return nil, err
	}
	lists := make([][]nhtsa.Campaign, len(v.ModelYears))
	if err := upstreams.Each(ctx, v.ModelYears, func(ctx context.Context, i int, year int) (err error) {
		lists[i], err = upstreams.Fetch(ctx, up, nhtsa.ByVehicle(v.Make, v.Model, year), nhtsa.DecodeCampaigns)
		return err
	}); err != nil {
		return nil, err
	}
	report := vehicleRecallReport{Vehicle: v, Recalls: mergeCampaigns(lists)}
	return &registry.Result{Data: report, Count: len(report.Recalls), Source: source, Cached: up.Cached()}, nil
}

// checkVehicle wants a VIN with a right check digit, or make and model.
func checkVehicle(a registry.Args) []registry.FieldError {
	if a.Has("vin") {
		vin := strings.ToUpper(a.String("vin"))
		if check := vinCheckDigit(vin); vin[8] != check {
			return registry.Bad("vin", "has a wrong check digit (9th character should be "+string(check)+")")
		}
		a["vin"] = vin
		return nil
	}
	mk, model := strings.TrimSpace(a.String("make")), strings.TrimSpace(a.String("model"))
	switch {
	case mk == "":
		return registry.Bad("make", "give make and model, or vin")
	case model == "":
		return registry.Bad("model", "give model with make, or vin")
	}
	a["make"], a["model"] = mk, model
	return nil
}

// identify turns the input into a vehicle and its model years: a VIN is
// checked and decoded; otherwise make and model cover recent model years.
func identify(ctx context.Context, c *registry.Call, up *upstreams.Session) (vehicle, string, error) {
	if c.Args.Has("vin") {
		vin := c.Args.String("vin")
		d, err := upstreams.Fetch(ctx, up, nhtsa.DecodeVIN(vin), nhtsa.DecodeVehicle)
		if err != nil {
			return vehicle{}, "", err
		}
		year, yerr := strconv.Atoi(d.ModelYear)
		if d.Make == "" || d.Model == "" || yerr != nil {
			return vehicle{}, "", upstreams.Errorf(nhtsa.VPIC.Name, upstreams.NotFound, "NHTSA cannot decode this VIN to a make, model and year")
		}
		v := vehicle{Make: d.Make, Model: d.Model, ModelYears: []int{year}, VIN: vin, Trim: d.Trim, BodyClass: d.BodyClass}
		return v, nhtsa.VPIC.Title + ", " + nhtsa.Recalls.Title, nil
	}
	v := vehicle{Make: c.Args.String("make"), Model: c.Args.String("model")}
	for y := c.Now.Year() + 1; len(v.ModelYears) < recentModelYears; y-- {
		v.ModelYears = append(v.ModelYears, y)
	}
	return v, nhtsa.Recalls.Title, nil
}

// mergeCampaigns joins the per-year lists into one entry per campaign,
// newest report first.
func mergeCampaigns(lists [][]nhtsa.Campaign) []vehicleRecall {
	byCampaign := map[string]*vehicleRecall{}
	out := []vehicleRecall{}
	order := []string{}
	for _, list := range lists {
		for _, cp := range list {
			year, _ := strconv.Atoi(cp.ModelYear)
			if r, seen := byCampaign[cp.CampaignNumber]; seen {
				r.ModelYears = append(r.ModelYears, year)
				continue
			}
			byCampaign[cp.CampaignNumber] = &vehicleRecall{
				Campaign: cp.CampaignNumber, ReportDate: nhtsaDay(cp.ReportReceivedDate), Component: cp.Component,
				Summary: cp.Summary, Consequence: cp.Consequence, Remedy: cp.Remedy,
				ParkIt: cp.ParkIt, ParkOutside: cp.ParkOutSide, OverTheAirUpdate: cp.OverTheAirUpdate, ModelYears: []int{year},
			}
			order = append(order, cp.CampaignNumber)
		}
	}
	for _, id := range order {
		r := byCampaign[id]
		sort.Ints(r.ModelYears)
		out = append(out, *r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ReportDate > out[j].ReportDate })
	return out
}

// nhtsaDay turns the recalls API's DD/MM/YYYY into YYYY-MM-DD.
func nhtsaDay(s string) string {
	if t, err := time.Parse("02/01/2006", s); err == nil {
		return t.Format(time.DateOnly)
	}
	return s
}
