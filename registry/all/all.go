// Package all links every tool family into the catalog. The binary and the
// repo-wide catalog tests import it; the registry core never does.
package all

import (
	_ "github.com/coinslot/coinslot/registry/academic"
	_ "github.com/coinslot/coinslot/registry/env"
	_ "github.com/coinslot/coinslot/registry/finance"
	_ "github.com/coinslot/coinslot/registry/gov"
	_ "github.com/coinslot/coinslot/registry/health"
	_ "github.com/coinslot/coinslot/registry/legal"
	_ "github.com/coinslot/coinslot/registry/markets"
	_ "github.com/coinslot/coinslot/registry/media"
	_ "github.com/coinslot/coinslot/registry/osint"
	_ "github.com/coinslot/coinslot/registry/safety"
	_ "github.com/coinslot/coinslot/registry/security"
	_ "github.com/coinslot/coinslot/registry/social"
	_ "github.com/coinslot/coinslot/registry/utility"
	_ "github.com/coinslot/coinslot/registry/web"
	_ "github.com/coinslot/coinslot/registry/x402intel"
)
