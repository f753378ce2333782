package deploy

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	cmd  string // upper case
	args string
}

// stage is one FROM and what follows it.
type stage struct {
	from, name string
	body       []instruction
}

func (s stage) all(cmd string) []string {
	var out []string
	for _, in := range s.body {
		if in.cmd == cmd {
			out = append(out, in.args)
		}
	}
	return out
}

func parseDockerfile(t *testing.T, text string) []stage {
	t.Helper()
	var stages []stage
	var line string
	for raw := range strings.Lines(text) {
		raw = strings.TrimSpace(raw)
		if line == "" && (raw == "" || strings.HasPrefix(raw, "#")) {
			continue
		}
		if next, ok := strings.CutSuffix(raw, "\\"); ok {
			line += next + " "
			continue
		}
		line += raw
		cmd, args, _ := strings.Cut(line, " ")
		line = ""
		in := instruction{strings.ToUpper(cmd), strings.TrimSpace(args)}
		if in.cmd == "FROM" {
			f := strings.Fields(in.args)
			s := stage{from: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				s.name = f[2]
			}
			stages = append(stages, s)
			continue
		}
		if len(stages) == 0 {
			t.Fatalf("%s before the first FROM", in.cmd)
		}
		stages[len(stages)-1].body = append(stages[len(stages)-1].body, in)
	}
	return stages
}

// The image's required properties, checked without a container engine:
// multi-stage with cgo, a small non-root runtime, a health check that runs
// in it on the port the service listens on.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	stages := parseDockerfile(t, string(b))
	if len(stages) < 2 {
		t.Fatalf("%d stages, want a build stage and a runtime stage", len(stages))
	}
	build, final := stages[0], stages[len(stages)-1]
	if !strings.HasPrefix(build.from, "golang:") || !slices.Contains(build.all("ENV"), "CGO_ENABLED=1") {
		t.Errorf("build stage %s with ENV %v, want golang with CGO_ENABLED=1", build.from, build.all("ENV"))
	}
	if !strings.HasPrefix(final.from, "gcr.io/distroless/base-") {
		t.Errorf("runtime image %s, want distroless base (glibc for the cgo binary, nothing else)", final.from)
	}
	users := final.all("USER")
	if len(users) == 0 {
		t.Fatal("the runtime stage sets no USER")
	}
	if u := strings.Split(users[len(users)-1], ":")[0]; u == "0" || u == "root" {
		t.Errorf("runs as %s, want a non-root user", u)
	}
	if !slices.Contains(final.all("EXPOSE"), "8080") || !slices.Contains(final.all("ENV"), "COINSLOT_LISTEN=:8080") {
		t.Errorf("EXPOSE %v, ENV %v: want the service on 8080", final.all("EXPOSE"), final.all("ENV"))
	}
	var entry []string
	if e := final.all("ENTRYPOINT"); len(e) != 1 || json.Unmarshal([]byte(e[0]), &entry) != nil || entry[0] != "/usr/local/bin/coinslot" {
		t.Errorf("ENTRYPOINT %v, want exec form of /usr/local/bin/coinslot", e)
	}

	// The health check's program is copied into the runtime stage (it has
	// no shell and no curl) and asks the service's liveness endpoint.
	hc := final.all("HEALTHCHECK")
	if len(hc) != 1 {
		t.Fatalf("%d HEALTHCHECKs in the runtime stage, want 1", len(hc))
	}
	_, form, ok := strings.Cut(hc[0], "CMD ")
	var argv []string
	if !ok || json.Unmarshal([]byte(form), &argv) != nil || len(argv) == 0 {
		t.Fatalf("HEALTHCHECK %q, want CMD in exec form (there is no shell)", hc[0])
	}
	copied := false
	for _, c := range final.all("COPY") {
		f := strings.Fields(c)
		copied = copied || f[len(f)-1] == argv[0]
	}
	if !copied {
		t.Errorf("the health check runs %s, which no COPY puts in the runtime image", argv[0])
	}
	if !slices.Contains(argv, "http://127.0.0.1:8080/healthz") {
		t.Errorf("health check %v, want a GET of http://127.0.0.1:8080/healthz", argv)
	}
	if ignore, err := os.ReadFile("../.dockerignore"); err != nil || !regexp.MustCompile(`(?m)^\.git$`).Match(ignore) {
		t.Errorf(".dockerignore does not leave out .git: %v", err)
	}
}

// Where a container engine runs, the image is built and its health check
// passes in a running container.
func TestImageBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("building the image takes minutes")
	}
	if exec.Command("docker", "info").Run() != nil {
		t.Skip("no container engine here; TestDockerfile checks the Dockerfile")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	run := func(args ...string) string {
		out, err := exec.CommandContext(ctx, "docker", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("docker %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("build", "-t", "coinslot:test", "..")
	id := run("run", "-d", "--rm", "coinslot:test")
	defer exec.Command("docker", "rm", "-f", id).Run()
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(2 * time.Second) {
		state := run("inspect", "-f", "{{.State.Health.Status}}", id)
		if state == "healthy" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("container health %q after 90s", state)
		}
	}
}
