"""Renders a Helm chart offline with Helm's own engine (helm-python-sdk, installed by `npm run setup`
into .tools/helm) and prints JSON: {"manifests": {template: text}, "lint": report}. Values files are
merged in order, as `helm template -f a -f b` does, and checked against the chart's values.schema.json
first. Usage: render-chart.py <helm-tools-dir> <chart-dir> <release> <namespace> [values.yaml ...]"""
import json
import sys

tools, chart_dir, release, namespace, *values_files = sys.argv[1:]
sys.path.insert(0, tools)
import helm_python as helm  # noqa: E402  (found only once the tools folder is on the path)


def merge(base, override):
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base[key] = value
    return base


values = {}
for path in values_files:
    with open(path, encoding="utf-8") as handle:
        merge(values, helm.values_from_yaml(handle.read()))
try:
    with helm.Chart.load(chart_dir) as chart:
        chart.validate_schema(chart.merge_values(values))
        manifests = chart.render(values, name=release, namespace=namespace, is_install=True)
    lint = helm.lint(chart_dir, values, strict=True, namespace=namespace)
except helm.HelmError as error:
    print(f"{type(error).__name__}: {error}", file=sys.stderr)
    sys.exit(1)
json.dump({"manifests": manifests, "lint": lint, "helm": helm.helm_sdk_version()}, sys.stdout)
