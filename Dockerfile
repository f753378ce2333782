# syntax=docker/dockerfile:1
# coinslot: built with cgo (go-ethereum's secp256k1), run as a non-root user on
# distroless glibc. The health check needs an HTTP client and the runtime image
# has none, so a statically linked busybox is copied in under the name wget:
# called by that name it runs only its wget applet, and there is no shell.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ENV CGO_ENABLED=1
RUN go build -trimpath -ldflags="-s -w" -o /out/coinslot ./cmd/coinslot \
 && mkdir -p /out/data

FROM busybox:1.37-musl AS wget

FROM gcr.io/distroless/base-debian12:nonroot
COPY --from=build /out/coinslot /usr/local/bin/coinslot
COPY --from=wget /bin/busybox /usr/local/bin/wget
# The working directory holds the file ledger when no PostgreSQL is configured.
COPY --from=build --chown=65532:65532 /out/data /var/lib/coinslot
WORKDIR /var/lib/coinslot
USER 65532:65532
# The health check asks this port; the variable wins over a config file.
ENV COINSLOT_LISTEN=:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["/usr/local/bin/wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/usr/local/bin/coinslot"]
CMD ["serve"]
