# coinslot: `make run` serves the sandbox, `make test` runs every test.
GO ?= go
export CGO_ENABLED = 1

.PHONY: build install run test test-short fuzz bench soak killburst lint

build:
	$(GO) build -o bin/coinslot ./cmd/coinslot

# Puts coinslot in $(go env GOPATH)/bin (or GOBIN), which the PATH must
# hold for the docs' bare coinslot commands.
install:
	$(GO) install ./cmd/coinslot

# Builds, then becomes the server (exec), so that the SIGTERM make passes on
# reaches it and it drains; go run would leave it serving.
run:
	@echo "compiling coinslot (a minute the first time)..."
	$(GO) build -o bin/coinslot ./cmd/coinslot
	exec bin/coinslot serve

# Unit, integration and ledger tests with the race detector. The PostgreSQL
# ledger suite needs a server on 127.0.0.1:5432 (.ci/postgres.sh starts one).
# go vet is make lint's alone: here it built every package a second time,
# without the race detector, for minutes before the first test ran.
test:
	@echo "test: compiling every package and its tests with the race detector (minutes the first time), then a line per package as its tests end"
	$(GO) test -race -count=1 -timeout 30m ./...

# The inner loop: the tests without those that run whole services for
# seconds (they skip under -short), results cached while nothing changed.
test-short:
	@echo "test-short: the fast tests, with the race detector; make test runs them all"
	$(GO) test -race -short ./...

# Each fuzz test for FUZZTIME from its seeds in testdata/fuzz: the payment
# decoders, the body reader, validation against every tool, the request
# key's encoding, the JSON strings request keys and channel records are
# written with, the answers' JSON, URL and domain parsing and the
# public-address guard; and the judgements of a payment (the local check,
# batch-settlement's channel check, the facilitator's own check), each of
# which refuses with a reason or accepts exactly the price. A failing input
# is saved under testdata/fuzz.
FUZZ = ./edge/x402:FuzzDecodePayment ./edge/x402:FuzzDecodePaymentObject ./edge/x402:FuzzScanPayload ./edge/x402:FuzzHeaderBase64 ./edge:FuzzParseAndValidate ./edge:FuzzPlainObject ./edge:FuzzCanonical ./edge/ledger:FuzzAppendJSONString ./registry/all:FuzzRenderIsEncodingJSON \
	./upstreams:FuzzPublicAddr ./upstreams/web:FuzzParseURL ./upstreams/web:FuzzParseDomain \
	./edge/x402:FuzzTermsCheck ./edge/x402:FuzzCheckPermit2 ./edge/x402:FuzzCheckChannel ./edge/facilitator:FuzzCheckLocal
# A count, not a duration: with -fuzztime as a duration, Go 1.26's fuzz
# coordinator can fail a target with a bare "context deadline exceeded" at
# the deadline when a worker is starved of CPU, having found nothing
# (go.dev/issue/75804, fixed in Go 1.27).
FUZZTIME ?= 50000x
fuzz:
	@for t in $(FUZZ); do \
		echo "$${t##*:} in $${t%%:*}"; \
		$(GO) test -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime $(FUZZTIME) $${t%%:*} || exit 1; \
	done

# Micro-benchmarks of the hot path, then the loopback load test against the
# bare fasthttp ceiling and the express + @x402/express peer, exact and
# batch-settlement voucher calls, with the servers sharing both cores with
# the drivers, then pinned to one core beside them, then voucher calls on
# the PostgreSQL ledger (BENCH_DSN, a local database in which the run makes
# a schema of its own) beside the file ledger (about 9 minutes).
BENCH_DSN ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 1s ./edge/... ./actors/...
	bench/run.sh -sections 123467 -postgres '$(BENCH_DSN)'

# Paid calls beside hostile traffic (idle connections past the cap,
# slowloris, a 402 flood, unfunded payments, a dead web host and an MCP
# flood), with the service's default admission limits; about a minute on
# loopback. The drivers run off CPU 0, which coinslot has to itself.
soak:
	taskset -c 1-$$(($$(nproc)-1)) bench/run.sh -sections 5 -duration 6s

# kill -9 during a burst of 3,000 paid calls, with the sandbox chain and its
# facilitator in the driver's process, on the file ledger and on PostgreSQL
# (KILLBURST_DSN, an empty database); about 3 minutes. Ports 24001-24002.
KILLBURST_DSN ?= postgres://postgres@127.0.0.1:5432/killburst?sslmode=disable
killburst:
	$(GO) build -o bin/coinslot ./cmd/coinslot
	$(GO) run ./bench/killburst -coinslot bin/coinslot -dir $$(mktemp -d)
	$(GO) run ./bench/killburst -coinslot bin/coinslot -dir $$(mktemp -d) -dsn '$(KILLBURST_DSN)'

# Each phase says what it does first: on a busy machine vet and staticcheck
# type-check every package for minutes.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	@echo "lint: gofmt"
	@test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)
	@echo "lint: go.mod and go.sum as go mod tidy leaves them"
	@$(GO) mod tidy -diff
	@echo "lint: go vet ./..."
	@$(GO) vet ./...
	@echo "lint: staticcheck ./..."
	@$(STATICCHECK) ./...
