# Build a static binary: the SQLite driver is pure Go, so no cgo is needed.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/topsecret ./cmd/topsecret

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/topsecret /topsecret
# The embedded SQLite database lives here unless DATABASE_URL is set.
ENV DATA_DIR=/data ADDR=:8080
VOLUME /data
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/topsecret"]
