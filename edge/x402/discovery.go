package x402

import "encoding/json"

// Discovery is the bazaar extension the terms' 402 carries, as sent: a
// quote repeats it, output schema and all, so a buyer reads before paying
// exactly what a catalog indexes.
func (t *Terms) Discovery() json.RawMessage {
	var ext struct {
		Bazaar json.RawMessage `json:"bazaar"`
	}
	if json.Unmarshal(t.Required.Extensions, &ext) != nil {
		return nil
	}
	return ext.Bazaar
}
