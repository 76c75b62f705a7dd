{{/* Name prefix of every object: the release name, with the chart's unless it already holds it. */}}
{{- define "folio.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}{{ .Release.Name | trunc 50 | trimSuffix "-" }}
{{- else -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" }}{{- end -}}
{{- end -}}

{{- define "folio.labels" -}}
app.kubernetes.io/name: folio
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector of one component: call with (dict "root" $ "component" "ocr"). */}}
{{- define "folio.selector" -}}
app.kubernetes.io/name: folio
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Image of one runnable: (dict "root" $ "name" "worker"). */}}
{{- define "folio.image" -}}
{{ printf "%s-%s:%s" .root.Values.image.repository .name (.root.Values.image.tag | default .root.Chart.AppVersion) }}
{{- end -}}

{{/* Pod-level settings every Folio pod shares. */}}
{{- define "folio.podSpec" -}}
automountServiceAccountToken: false
securityContext: {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets: {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Environment, Temporal credentials and the writable /tmp of every Folio container. */}}
{{- define "folio.containerCommon" -}}
imagePullPolicy: {{ .Values.image.pullPolicy }}
securityContext: {{- toYaml .Values.securityContext | nindent 2 }}
envFrom:
  - configMapRef: { name: {{ include "folio.fullname" . }} }
  - secretRef: { name: {{ .Values.existingSecret }} }
{{- with .Values.temporal.apiKey.secretName }}
env:
  - name: TEMPORAL_API_KEY
    valueFrom: { secretKeyRef: { name: {{ . }}, key: {{ $.Values.temporal.apiKey.key }} } }
{{- end }}
volumeMounts:
  - { name: tmp, mountPath: /tmp }
{{- if .Values.temporal.tls.secretName }}
  - { name: temporal-tls, mountPath: /etc/folio/temporal-tls, readOnly: true }
{{- end }}
{{- end -}}

{{- define "folio.volumes" -}}
volumes:
  - { name: tmp, emptyDir: {} }
{{- with .Values.temporal.tls.secretName }}
  - { name: temporal-tls, secret: { secretName: {{ . }} } }
{{- end }}
{{- end -}}

{{/* TEMPORAL_* variables (a YAML map): the ConfigMap's and the setup Job's, which runs before the ConfigMap exists. */}}
{{- define "folio.temporalConfig" -}}
{{- $tls := .Values.temporal.tls -}}
TEMPORAL_ADDRESS: {{ .Values.temporal.address | quote }}
TEMPORAL_NAMESPACE: {{ .Values.temporal.namespace | quote }}
{{- if $tls.enabled }}
TEMPORAL_TLS: "1"
{{- if $tls.clientCertificate }}
TEMPORAL_TLS_CERT: /etc/folio/temporal-tls/tls.crt
TEMPORAL_TLS_KEY: /etc/folio/temporal-tls/tls.key
{{- end }}
{{- if $tls.ca }}
TEMPORAL_TLS_CA: /etc/folio/temporal-tls/ca.crt
{{- end }}
{{- with $tls.serverName }}
TEMPORAL_TLS_SERVER_NAME: {{ . | quote }}
{{- end }}
{{- end }}
{{- end -}}
