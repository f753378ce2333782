package gleif

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Search builds a legal-name search. A two-letter jurisdiction filters on the
// country of the legal address (a Delaware company's jurisdiction is US-DE,
// not US); a subdivision code such as US-DE filters on the jurisdiction itself.
func Search(name, jurisdiction string, size int) *upstreams.Request {
	v := url.Values{}
	v.Set("filter[entity.legalName]", name)
	switch j := strings.ToUpper(jurisdiction); {
	case strings.Contains(j, "-"):
		v.Set("filter[entity.jurisdiction]", j)
	case j != "":
		v.Set("filter[entity.legalAddress.country]", j)
	}
	v.Set("page[size]", strconv.Itoa(size))
	v.Set("page[number]", "1")
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/lei-records?" + v.Encode(),
		Header: map[string][]string{"Accept": {"application/vnd.api+json"}}}
}

// Entity is one LEI record, flattened.
type Entity struct {
	LEI                   string   `json:"lei"`
	LegalName             string   `json:"legal_name"`
	OtherNames            []string `json:"other_names"`
	Jurisdiction          string   `json:"jurisdiction"`
	Status                string   `json:"status"`              // entity: ACTIVE, INACTIVE
	RegistrationStatus    string   `json:"registration_status"` // LEI: ISSUED, LAPSED, RETIRED, ...
	RegisteredAs          string   `json:"registered_as"`       // the local register's company number
	RegistrationAuthority string   `json:"registration_authority"`
	LegalForm             string   `json:"legal_form"`
	LegalAddress          Address  `json:"legal_address"`
	HQAddress             Address  `json:"hq_address"`
	CreationDate          string   `json:"creation_date"`
	LastUpdate            string   `json:"last_update"`
	NextRenewal           string   `json:"next_renewal"`
	URL                   string   `json:"url"`
}

// Address is a postal address.
type Address struct {
	Lines      []string `json:"lines"`
	City       string   `json:"city"`
	Region     string   `json:"region"`
	Country    string   `json:"country"`
	PostalCode string   `json:"postal_code"`
}

// Page is one decoded search answer.
type Page struct {
	Total    int
	Entities []Entity
}

type wireAddress struct {
	AddressLines []string `json:"addressLines"`
	City         string   `json:"city"`
	Region       string   `json:"region"`
	Country      string   `json:"country"`
	PostalCode   string   `json:"postalCode"`
}

func (a wireAddress) flatten() Address {
	lines := a.AddressLines
	if lines == nil {
		lines = []string{}
	}
	return Address{lines, a.City, a.Region, a.Country, a.PostalCode}
}

type wireName struct {
	Name string `json:"name"`
}

type wirePage struct {
	Meta struct {
		Pagination struct {
			Total int `json:"total,required"`
		} `json:"pagination,required"`
	} `json:"meta,required"`
	Data []struct {
		ID         string `json:"id"`
		Attributes struct {
			LEI    string `json:"lei,required"`
			Entity struct {
				LegalName        wireName    `json:"legalName"`
				OtherNames       []wireName  `json:"otherNames"`
				LegalAddress     wireAddress `json:"legalAddress"`
				HeadquartersAddr wireAddress `json:"headquartersAddress"`
				RegisteredAt     struct {
					ID string `json:"id"`
				} `json:"registeredAt"`
				RegisteredAs string `json:"registeredAs"`
				Jurisdiction string `json:"jurisdiction"`
				LegalForm    struct {
					ID    string `json:"id"`
					Other string `json:"other"`
				} `json:"legalForm"`
				Status       string `json:"status"`
				CreationDate string `json:"creationDate"`
			} `json:"entity"`
			Registration struct {
				LastUpdateDate  string `json:"lastUpdateDate"`
				Status          string `json:"status"`
				NextRenewalDate string `json:"nextRenewalDate"`
			} `json:"registration"`
		} `json:"attributes,required"`
	} `json:"data,required"`
}

// DecodeSearch decodes a lei-records answer.
func DecodeSearch(body []byte) (Page, error) {
	var w wirePage
	if err := upstreams.DecodeJSON(Source.Name, body, &w); err != nil {
		return Page{}, err
	}
	page := Page{Total: w.Meta.Pagination.Total, Entities: make([]Entity, 0, len(w.Data))}
	for _, d := range w.Data {
		a, e := d.Attributes, d.Attributes.Entity
		other := make([]string, 0, len(e.OtherNames))
		for _, n := range e.OtherNames {
			other = append(other, n.Name)
		}
		form := e.LegalForm.ID
		if form == "" {
			form = e.LegalForm.Other
		}
		page.Entities = append(page.Entities, Entity{
			LEI: a.LEI, LegalName: e.LegalName.Name, OtherNames: other, Jurisdiction: e.Jurisdiction,
			Status: e.Status, RegistrationStatus: a.Registration.Status, RegisteredAs: e.RegisteredAs,
			RegistrationAuthority: e.RegisteredAt.ID, LegalForm: form,
			LegalAddress: e.LegalAddress.flatten(), HQAddress: e.HeadquartersAddr.flatten(),
			CreationDate: e.CreationDate, LastUpdate: a.Registration.LastUpdateDate,
			NextRenewal: a.Registration.NextRenewalDate, URL: "https://search.gleif.org/#/record/" + a.LEI,
		})
	}
	return page, nil
}
