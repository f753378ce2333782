package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/coinslot/coinslot/config"
)

func runConfig(args []string) int {
	if len(args) != 2 || args[0] != "check" {
		fmt.Fprintln(os.Stderr, "usage: coinslot config check FILE")
		return 2
	}
	_, err := config.Load(args[1])
	var problems config.Problems
	switch {
	case errors.As(err, &problems):
		for _, p := range problems {
			fmt.Println(p)
		}
		return 1
	case err != nil:
		fmt.Fprintln(os.Stderr, "coinslot:", err)
		return 1
	}
	fmt.Println(args[1] + ": ok")
	return 0
}
