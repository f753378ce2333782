package nhtsa

import (
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// DecodeVIN builds GET /DecodeVinValues/<vin>?format=json.
func DecodeVIN(vin string) *upstreams.Request {
	return &upstreams.Request{Source: VPIC.Name, URL: VPIC.BaseURL + "/DecodeVinValues/" + url.PathEscape(vin) + "?format=json"}
}

// Vehicle is what vPIC decoded from a VIN; every value is a string, empty
// when vPIC does not know it. ErrorCode "0" is a clean decode.
type Vehicle struct {
	Make         string `json:"Make"`
	Manufacturer string `json:"Manufacturer"`
	Model        string `json:"Model"`
	ModelYear    string `json:"ModelYear"`
	Trim         string `json:"Trim"`
	VehicleType  string `json:"VehicleType"`
	BodyClass    string `json:"BodyClass"`
	PlantCountry string `json:"PlantCountry"`
	ErrorCode    string `json:"ErrorCode,required"`
	ErrorText    string `json:"ErrorText"`
}

// DecodeVehicle reads a DecodeVinValues answer: one flat result.
func DecodeVehicle(body []byte) (Vehicle, error) {
	var r struct {
		Results []Vehicle `json:"Results,required"`
	}
	if err := upstreams.DecodeJSON(VPIC.Name, body, &r); err != nil {
		return Vehicle{}, err
	}
	if len(r.Results) != 1 {
		return Vehicle{}, upstreams.Errorf(VPIC.Name, upstreams.BadAnswer, "answer has %d results, want 1", len(r.Results))
	}
	return r.Results[0], nil
}
