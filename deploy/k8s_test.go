package deploy

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"go.yaml.in/yaml/v3"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/coinslot/coinslot/config"
)

// kustomization is the part of kustomize's file this directory uses,
// declared here (kustomize's own types are a large dependency): a file with
// any other key is refused.
type kustomization struct {
	APIVersion string   `yaml:"apiVersion"`
	Kind       string   `yaml:"kind"`
	Resources  []string `yaml:"resources"`
}

// manifests are the objects of deploy/k8s, each decoded strictly into its
// official type: an unknown or misspelt field, a duplicate key or a wrong
// type fails the test, as the API server's strict field validation would.
type manifests struct {
	configMap  *corev1.ConfigMap
	deployment *appsv1.Deployment
	service    *corev1.Service
	pdb        *policyv1.PodDisruptionBudget
	hpa        *autoscalingv2.HorizontalPodAutoscaler
	monitor    *monitoringv1.ServiceMonitor
	rule       *monitoringv1.PrometheusRule
}

func loadManifests(t *testing.T) *manifests {
	t.Helper()
	var k kustomization
	strictYAML(t, "k8s/kustomization.yaml", &k)
	if k.APIVersion != "kustomize.config.k8s.io/v1beta1" || k.Kind != "Kustomization" {
		t.Errorf("kustomization is %s %s", k.APIVersion, k.Kind)
	}
	files, _ := filepath.Glob("k8s/*.yaml")
	var want []string
	for _, f := range files {
		if base := filepath.Base(f); base != "kustomization.yaml" {
			want = append(want, base)
		}
	}
	if got := slices.Sorted(slices.Values(k.Resources)); !slices.Equal(got, want) {
		t.Errorf("kustomization resources = %v, want every manifest in deploy/k8s: %v", got, want)
	}

	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{corev1.AddToScheme, appsv1.AddToScheme, policyv1.AddToScheme, autoscalingv2.AddToScheme, monitoringv1.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	codec := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme, kjson.SerializerOptions{Yaml: true, Strict: true})
	m := &manifests{}
	for _, name := range k.Resources {
		b, err := os.ReadFile(filepath.Join("k8s", name))
		if err != nil {
			t.Fatal(err)
		}
		obj, _, err := codec.Decode(b, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch o := obj.(type) {
		case *corev1.ConfigMap:
			m.configMap = o
		case *appsv1.Deployment:
			m.deployment = o
		case *corev1.Service:
			m.service = o
		case *policyv1.PodDisruptionBudget:
			m.pdb = o
		case *autoscalingv2.HorizontalPodAutoscaler:
			m.hpa = o
		case *monitoringv1.ServiceMonitor:
			m.monitor = o
		case *monitoringv1.PrometheusRule:
			m.rule = o
		default:
			t.Fatalf("%s: unexpected %T", name, obj)
		}
	}
	if m.configMap == nil || m.deployment == nil || m.service == nil || m.pdb == nil || m.hpa == nil || m.monitor == nil || m.rule == nil {
		t.Fatalf("deploy/k8s lacks an object: %+v", m)
	}
	return m
}

// A field the API does not know is refused, so the strict decoding above
// can fail.
func TestStrictDecodingRefusesUnknownFields(t *testing.T) {
	scheme := runtime.NewScheme()
	appsv1.AddToScheme(scheme)
	codec := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme, kjson.SerializerOptions{Yaml: true, Strict: true})
	_, _, err := codec.Decode([]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replica: 3}\n"), nil, nil)
	if !runtime.IsStrictDecodingError(err) {
		t.Fatalf("decoding spec.replica = %v, want a strict decoding error", err)
	}
}

func TestKubernetesManifests(t *testing.T) {
	m := loadManifests(t)
	pod := m.deployment.Spec.Template
	if len(pod.Spec.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(pod.Spec.Containers))
	}
	c := pod.Spec.Containers[0]
	sel, err := metaSelector(m.deployment.Spec.Selector.MatchLabels)
	if err != nil || !sel.Matches(labels.Set(pod.Labels)) {
		t.Errorf("the Deployment's selector %v does not match its pods %v", m.deployment.Spec.Selector, pod.Labels)
	}

	// Probes on the service's own endpoints, on the named port.
	if len(c.Ports) != 1 || c.Ports[0].Name != "http" || c.Ports[0].ContainerPort != 8080 {
		t.Errorf("ports = %+v, want http on 8080", c.Ports)
	}
	for name, p := range map[string]*corev1.Probe{"startup": c.StartupProbe, "liveness": c.LivenessProbe, "readiness": c.ReadinessProbe} {
		want := "/healthz"
		if name == "readiness" {
			want = "/readyz"
		}
		if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != want || p.HTTPGet.Port.StrVal != "http" {
			t.Errorf("%s probe = %+v, want GET %s on port http", name, p, want)
		}
	}
	// preStop keeps the pod serving while it leaves the endpoints; the grace
	// period covers it plus a call's 30s deadline.
	pre := c.Lifecycle.PreStop
	if pre == nil || pre.Sleep == nil || pre.Sleep.Seconds < 5 {
		t.Fatalf("preStop = %+v, want a sleep of at least 5s", pre)
	}
	if grace := *pod.Spec.TerminationGracePeriodSeconds; grace < pre.Sleep.Seconds+30 {
		t.Errorf("terminationGracePeriodSeconds = %d, want at least preStop %ds + 30s", grace, pre.Sleep.Seconds)
	}
	if sc := pod.Spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || *sc.RunAsUser == 0 {
		t.Errorf("pod security context = %+v, want a non-root user", sc)
	}

	// Secrets by reference only, the upstream keys as a whole Secret.
	if len(c.EnvFrom) != 1 || c.EnvFrom[0].SecretRef == nil || c.EnvFrom[0].SecretRef.Name != "coinslot-upstream-keys" {
		t.Errorf("envFrom = %+v, want the Secret coinslot-upstream-keys", c.EnvFrom)
	}
	env := []string{}
	for _, e := range c.Env {
		if e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
			t.Errorf("%s is not read from a Secret", e.Name)
			continue
		}
		env = append(env, e.Name+"="+sampleSecret[e.Name])
	}
	for _, name := range []string{"COINSLOT_PAY_TO", "COINSLOT_LEDGER_DSN", "COINSLOT_CLUSTER_REDIS_URL"} {
		if !slices.ContainsFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == name }) {
			t.Errorf("%s is not set", name)
		}
	}

	// The file the pod is started with is the ConfigMap's, and with the
	// Secrets' values it is a valid production configuration of a cluster.
	if !slices.Equal(c.Args, []string{"serve", "--config", "/etc/coinslot/coinslot.yaml"}) {
		t.Errorf("args = %v", c.Args)
	}
	if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != "/etc/coinslot" || len(pod.Spec.Volumes) != 1 ||
		pod.Spec.Volumes[0].ConfigMap == nil || pod.Spec.Volumes[0].ConfigMap.Name != m.configMap.Name {
		t.Errorf("the ConfigMap %s is not mounted at /etc/coinslot: %+v %+v", m.configMap.Name, c.VolumeMounts, pod.Spec.Volumes)
	}
	cfg, err := config.Parse([]byte(m.configMap.Data["coinslot.yaml"]), env)
	if err != nil {
		t.Fatalf("the ConfigMap's coinslot.yaml with the Secrets: %v", err)
	}
	if cfg.Mode != config.Production || cfg.Ledger.Driver != "postgres" || cfg.Cluster.RedisURL != sampleSecret["COINSLOT_CLUSTER_REDIS_URL"] {
		t.Errorf("config = mode %s, ledger %s, cluster %+v; want production on postgres and Redis", cfg.Mode, cfg.Ledger.Driver, cfg.Cluster)
	}

	// Service, budget, autoscaler and monitor all find the pods.
	for what, s := range map[string]map[string]string{"Service": m.service.Spec.Selector, "PodDisruptionBudget": m.pdb.Spec.Selector.MatchLabels} {
		if sel, err := metaSelector(s); err != nil || len(s) == 0 || !sel.Matches(labels.Set(pod.Labels)) {
			t.Errorf("the %s's selector %v does not match the pods %v", what, s, pod.Labels)
		}
	}
	if len(m.service.Spec.Ports) != 1 || m.service.Spec.Ports[0].TargetPort.StrVal != "http" {
		t.Errorf("service ports = %+v, want one to the port named http", m.service.Spec.Ports)
	}
	if m.pdb.Spec.MaxUnavailable == nil || m.pdb.Spec.MaxUnavailable.IntVal != 1 {
		t.Errorf("pdb maxUnavailable = %v, want 1", m.pdb.Spec.MaxUnavailable)
	}
	ref := m.hpa.Spec.ScaleTargetRef
	if ref.Kind != "Deployment" || ref.Name != m.deployment.Name || ref.APIVersion != "apps/v1" {
		t.Errorf("the autoscaler scales %+v, want the Deployment %s", ref, m.deployment.Name)
	}
	if *m.hpa.Spec.MinReplicas < 2 || *m.hpa.Spec.MinReplicas > m.hpa.Spec.MaxReplicas {
		t.Errorf("autoscaler replicas %d..%d: at least 2 keep the budget satisfiable", *m.hpa.Spec.MinReplicas, m.hpa.Spec.MaxReplicas)
	}
	if sel, err := metaSelector(m.monitor.Spec.Selector.MatchLabels); err != nil || !sel.Matches(labels.Set(m.service.Labels)) {
		t.Errorf("the ServiceMonitor's selector %v does not match the Service %v", m.monitor.Spec.Selector, m.service.Labels)
	}
	if eps := m.monitor.Spec.Endpoints; len(eps) != 1 || eps[0].Port != m.service.Spec.Ports[0].Name || eps[0].Path != "/metrics" {
		t.Errorf("ServiceMonitor endpoints = %+v, want /metrics on the Service's port", eps)
	}
}

// The operator's rules are deploy/alerts.yml's, exactly.
func TestPrometheusRuleIsAlertsFile(t *testing.T) {
	m := loadManifests(t)
	b, err := os.ReadFile("alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var alerts monitoringv1.PrometheusRuleSpec
	if err := sigsyaml.UnmarshalStrict(b, &alerts); err != nil {
		t.Fatalf("alerts.yml: %v", err)
	}
	if len(alerts.Groups) == 0 || !reflect.DeepEqual(alerts, m.rule.Spec) {
		t.Errorf("deploy/k8s/prometheusrule.yaml differs from deploy/alerts.yml")
	}
}

// Values standing in for the operator's Secrets.
var sampleSecret = map[string]string{
	"COINSLOT_PAY_TO":            "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
	"COINSLOT_LEDGER_DSN":        "postgres://coinslot@db:5432/coinslot",
	"COINSLOT_CLUSTER_REDIS_URL": "redis://redis:6379/0",
	"COINSLOT_CHAIN_RPC":         "https://mainnet.base.org",
}

func metaSelector(m map[string]string) (labels.Selector, error) {
	return labels.ValidatedSelectorFromSet(m)
}

// strictYAML decodes a file refusing unknown keys.
func strictYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
