package faa

import (
	"encoding/xml"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// AirportStatus builds GET /api/airport-status-information.
func AirportStatus() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/api/airport-status-information"}
}

// Event is one program, delay or closure at an airport. Fields holds the
// entry's other elements as sent (e.g. Avg, Max, End_Time, Reopen); the
// feed's wording is free text.
type Event struct {
	Program string // the Delay_type name, e.g. "Ground Stop Programs"
	Airport string // FAA code, e.g. EWR
	Reason  string
	Type    string // Arrival or Departure, for arrival/departure delays
	Fields  map[string]string
}

// Status is the whole feed.
type Status struct {
	Updated string
	Events  []Event
}

type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []node     `xml:",any"`
}

func (n node) child(name string) (node, bool) {
	for _, c := range n.Nodes {
		if c.XMLName.Local == name {
			return c, true
		}
	}
	return node{}, false
}

// DecodeStatus reads the feed. Section and list names have changed over the
// years, so any element under a Delay_type that carries an ARPT is an event.
func DecodeStatus(body []byte) (Status, error) {
	var root node
	if err := xml.Unmarshal(body, &root); err != nil || root.XMLName.Local != "AIRPORT_STATUS_INFORMATION" {
		return Status{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer is not the airport status feed")
	}
	var st Status
	if u, ok := root.child("Update_Time"); ok {
		st.Updated = strings.TrimSpace(u.Text)
	}
	for _, dt := range root.Nodes {
		if dt.XMLName.Local != "Delay_type" {
			continue
		}
		name, _ := dt.child("Name")
		program := strings.TrimSpace(name.Text)
		var walk func(n node)
		walk = func(n node) {
			if arpt, ok := n.child("ARPT"); ok {
				st.Events = append(st.Events, eventOf(program, strings.TrimSpace(arpt.Text), n)...)
				return
			}
			for _, c := range n.Nodes {
				walk(c)
			}
		}
		walk(dt)
	}
	return st, nil
}

// eventOf flattens an entry; an arrival/departure delay yields one event per
// direction it lists.
func eventOf(program, airport string, n node) []Event {
	base := Event{Program: program, Airport: airport, Fields: map[string]string{}}
	var directions []node
	for _, c := range n.Nodes {
		switch c.XMLName.Local {
		case "ARPT":
		case "Reason":
			base.Reason = strings.TrimSpace(c.Text)
		case "Arrival_Departure":
			directions = append(directions, c)
		default:
			if len(c.Nodes) == 0 {
				base.Fields[c.XMLName.Local] = strings.TrimSpace(c.Text)
			}
		}
	}
	if len(directions) == 0 {
		return []Event{base}
	}
	out := make([]Event, 0, len(directions))
	for _, d := range directions {
		e := base
		e.Fields = map[string]string{}
		for k, v := range base.Fields {
			e.Fields[k] = v
		}
		for _, a := range d.Attrs {
			if a.Name.Local == "Type" {
				e.Type = a.Value
			}
		}
		for _, c := range d.Nodes {
			e.Fields[c.XMLName.Local] = strings.TrimSpace(c.Text)
		}
		out = append(out, e)
	}
	return out
}
