package main

import (
	"crypto/ecdsa"
	"errors"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
)

// readKey reads a hex private key from file, or else from the environment
// variable; nil when neither holds one. Neither the key nor the text it was
// read from is ever part of an error: what names the key in them.
func readKey(file, variable, what string) (*ecdsa.PrivateKey, error) {
	text := os.Getenv(variable)
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		text = string(b)
	}
	text = strings.TrimPrefix(strings.TrimSpace(text), "0x")
	if text == "" {
		return nil, nil
	}
	key, err := crypto.HexToECDSA(text)
	if err != nil {
		return nil, errors.New("the " + what + " key is not a 32-byte hex private key")
	}
	return key, nil
}
