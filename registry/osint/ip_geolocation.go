package osint

import (
	"context"
	"net/netip"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/ipapi"
)

func init() {
	family.Register(&registry.Tool{
		Name: "ip_geolocation", Path: "/paid/osint/ip-geo", Price: "0.02",
		Description: "Geolocation and network owner of a public IPv4 or IPv6 address.",
		Params: []registry.Param{
			registry.Str("ip").Req().Len(2, 45).
				Matching(`^([0-9]{1,3}(\.[0-9]{1,3}){3}|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)$`, "an IPv4 or IPv6 address").Describe("IPv4 or IPv6 address"),
		},
		Example:  map[string]any{"ip": "8.8.8.8"},
		Synonyms: []string{"ip lookup", "ip address location", "isp lookup", "asn", "geoip", "locate an ip address", "where is this ip"},
		Expected: "Envelope whose data locates an IP address from ip-api: country, region, city, coordinates, time zone, ISP and AS.",
		Shape:    registry.Envelope,
		Result:   ipLocation{},
		Sources:  []string{ipapi.Source.Name},
		Handler:  ipGeolocation,
	})
}

type ipLocation struct {
	IP          string  `json:"ip"`
	Country     string  `json:"country"`
	CountryCode string  `json:"country_code"`
	Region      string  `json:"region"`
	RegionName  string  `json:"region_name"`
	City        string  `json:"city"`
	Zip         string  `json:"zip"`
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Timezone    string  `json:"timezone"`
	ISP         string  `json:"isp"`
	Org         string  `json:"org"`
	AS          string  `json:"as"`
}

// Addresses that cannot be placed are refused before the upstream is asked.
func ipGeolocation(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	ip, err := netip.ParseAddr(c.Args.String("ip"))
	if err != nil {
		return nil, upstreams.Errorf(ipapi.Source.Name, upstreams.NotFound, "ip is not a valid IPv4 or IPv6 address")
	}
	ip = ip.Unmap()
	if ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsMulticast() || ip.IsUnspecified() || ip.Zone() != "" {
		return nil, upstreams.Errorf(ipapi.Source.Name, upstreams.NotFound, "ip is not a public address")
	}
	up := upstreams.NewSession(c.Upstream)
	loc, err := upstreams.Fetch(ctx, up, ipapi.Lookup(ip), ipapi.DecodeLocation)
	if err != nil {
		return nil, err
	}
	out := ipLocation{
		IP: loc.Query, Country: loc.Country, CountryCode: loc.CountryCode, Region: loc.Region, RegionName: loc.RegionName,
		City: loc.City, Zip: loc.Zip, Latitude: loc.Lat, Longitude: loc.Lon, Timezone: loc.Timezone, ISP: loc.ISP, Org: loc.Org, AS: loc.AS,
	}
	return &registry.Result{Data: out, Count: 1, Source: ipapi.Source.Title, Cached: up.Cached()}, nil
}
