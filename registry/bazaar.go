package registry

// ServiceName is the service's name in every document and in the bazaar
// service metadata of each 402 (printable ASCII, at most 32 characters).
const ServiceName = "coinslot"

// BazaarTags are the topical tags the bazaar service metadata gives a tool:
// its category, which the closed list keeps within the extension's limits
// (at most 5 tags of at most 32 printable ASCII characters).
func BazaarTags(t *Tool) []string { return []string{t.Category} }
