package config

// OfferReceipt signs what the seller states, per the x402 offer-and-receipt
// extension: each 402's offers when its terms are built, and the receipt of
// each paid answer. The key is COINSLOT_OFFER_KEY or the file KeyFile
// names, never a config value; with neither nothing is signed, and no
// other part of the seller needs a key.
type OfferReceipt struct {
	KeyFile string `yaml:"key_file"` // "": COINSLOT_OFFER_KEY
}
