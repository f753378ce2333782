package deploy

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"

	"github.com/coinslot/coinslot/config"
)

var instances = []string{"coinslot-1", "coinslot-2", "coinslot-3"}

// loadCompose loads compose.yaml as docker compose would, validated against
// the Compose specification's schema, with an empty environment.
func loadCompose(t *testing.T) *types.Project {
	t.Helper()
	wd, _ := os.Getwd()
	p, err := loader.LoadWithContext(context.Background(), types.ConfigDetails{
		WorkingDir:  wd,
		ConfigFiles: []types.ConfigFile{{Filename: filepath.Join(wd, "compose.yaml")}},
		Environment: types.Mapping{},
	}, func(o *loader.Options) { o.SetProjectName("coinslot", true) })
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestComposeFile(t *testing.T) {
	p := loadCompose(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range p.Services {
			if !yield(name) {
				return
			}
		}
	})
	want := []string{"coinslot-1", "coinslot-2", "coinslot-3", "grafana", "lb", "postgres", "prometheus", "redis"}
	if !slices.Equal(names, want) {
		t.Fatalf("services = %v, want %v", names, want)
	}
	root, _ := filepath.Abs("..")
	for _, name := range instances {
		s := p.Services[name]
		if s.Build == nil || s.Build.Context != root || s.Build.Dockerfile != "Dockerfile" {
			t.Errorf("%s is not built from the repository's Dockerfile: %+v", name, s.Build)
		}
		for _, dep := range []string{"postgres", "redis"} {
			if d, ok := s.DependsOn[dep]; !ok || d.Condition != types.ServiceConditionHealthy {
				t.Errorf("%s does not wait for %s to be healthy", name, dep)
			}
		}
		// What the instance is started with is a valid configuration that
		// shares the ledger and Redis.
		var env []string
		for k, v := range s.Environment {
			if v != nil {
				env = append(env, k+"="+*v)
			}
		}
		cfg, err := config.Parse(nil, env)
		if err != nil {
			t.Fatalf("%s: configuration: %v", name, err)
		}
		if cfg.Ledger.Driver != "postgres" || cfg.Ledger.DSN != "postgres://coinslot:coinslot@postgres:5432/coinslot?sslmode=disable" ||
			cfg.Cluster.RedisURL != "redis://redis:6379/0" || !cfg.Cluster.SharedCache {
			t.Errorf("%s: ledger %+v, cluster %+v; want the shared PostgreSQL and Redis", name, cfg.Ledger, cfg.Cluster)
		}
	}
	// Every file mounted into a container is in the repository.
	for name, s := range p.Services {
		for _, v := range s.Volumes {
			if v.Type != types.VolumeTypeBind {
				continue
			}
			if _, err := os.Stat(v.Source); err != nil {
				t.Errorf("%s mounts %s: %v", name, v.Source, err)
			}
		}
	}
}

// The load balancer sends to every instance and Prometheus scrapes every
// instance, with the alert rules loaded.
func TestComposeBalancesAndScrapesEveryInstance(t *testing.T) {
	nginx, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	var servers []string
	for _, m := range regexp.MustCompile(`(?m)^\s*server\s+([\w.-]+:\d+)`).FindAllStringSubmatch(string(nginx), -1) {
		servers = append(servers, m[1])
	}
	var prom struct {
		Global        map[string]string `yaml:"global"`
		RuleFiles     []string          `yaml:"rule_files"`
		ScrapeConfigs []struct {
			JobName       string `yaml:"job_name"`
			MetricsPath   string `yaml:"metrics_path"`
			StaticConfigs []struct {
				Targets []string `yaml:"targets"`
			} `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	strictYAML(t, "prometheus.yml", &prom)
	var targets []string
	for _, sc := range prom.ScrapeConfigs {
		if sc.MetricsPath != "/metrics" {
			t.Errorf("job %s scrapes %s, want /metrics", sc.JobName, sc.MetricsPath)
		}
		for _, s := range sc.StaticConfigs {
			targets = append(targets, s.Targets...)
		}
	}
	want := []string{"coinslot-1:8080", "coinslot-2:8080", "coinslot-3:8080"}
	sort.Strings(servers)
	sort.Strings(targets)
	if !slices.Equal(servers, want) || !slices.Equal(targets, want) {
		t.Errorf("nginx servers %v, Prometheus targets %v; want both %v", servers, targets, want)
	}

	p := loadCompose(t)
	mounted := map[string]string{} // target → source, in the Prometheus and Grafana containers
	for _, name := range []string{"prometheus", "grafana"} {
		for _, v := range p.Services[name].Volumes {
			mounted[v.Target] = v.Source
		}
	}
	alerts, _ := filepath.Abs("alerts.yml")
	if len(prom.RuleFiles) != 1 || mounted[prom.RuleFiles[0]] != alerts {
		t.Errorf("Prometheus rule_files %v, mounts %v: want deploy/alerts.yml loaded", prom.RuleFiles, mounted)
	}
	var provider struct {
		APIVersion int `yaml:"apiVersion"`
		Providers  []struct {
			Name            string            `yaml:"name"`
			Type            string            `yaml:"type"`
			DisableDeletion bool              `yaml:"disableDeletion"`
			Options         map[string]string `yaml:"options"`
		} `yaml:"providers"`
	}
	strictYAML(t, "grafana/provisioning/dashboards/coinslot.yml", &provider)
	dashboard, _ := filepath.Abs("grafana-dashboard.json")
	if len(provider.Providers) != 1 || mounted[provider.Providers[0].Options["path"]+"/coinslot.json"] != dashboard {
		t.Errorf("Grafana's dashboard provider %+v does not find deploy/grafana-dashboard.json among %v", provider.Providers, mounted)
	}
	provisioning, _ := filepath.Abs("grafana/provisioning")
	if mounted["/etc/grafana/provisioning"] != provisioning {
		t.Errorf("Grafana's provisioning is not deploy/grafana/provisioning: %v", mounted)
	}
}
