// SPDX-License-Identifier: GPL-2.0-only
/*
 * The declared tables, compiled in: the rule table (rules.def), the
 * kernel API table (kapi.def) and the calls that write no driver state
 * (kpure.def).  Lookups only; no rule logic here.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "wqport.h"

#define error SEV_ERROR
#define warning SEV_WARNING
#define style SEV_STYLE
#define high CONF_HIGH
#define moderate CONF_MODERATE
#define low CONF_LOW
#define safe FIX_SAFE
#define unsafe FIX_UNSAFE
#define none FIX_NONE
#define stable ST_STABLE
#define planned ST_PLANNED

static const struct wq_rule rules[] = {
#define WQ_RULE(n, nm, sev, conf, fx, since, removed, st, sum) \
	{ n, nm, sev, conf, fx, since, removed, st, sum },
#include "rules.def"
#undef WQ_RULE
};

#undef error
#undef warning
#undef style
#undef high
#undef moderate
#undef low
#undef safe
#undef unsafe
#undef none
#undef stable
#undef planned

static const struct kapi kapis[] = {
#define KAPI(nm, kind, sarg, pf) { #nm, kind, sarg, pf },
#include "kapi.def"
#undef KAPI
};

const struct wq_rule *rule_table(size_t *count)
{
	*count = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

const struct wq_rule *rule_lookup(int num)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].num == num)
			return &rules[i];
	return NULL;
}

const struct kapi *kapi_table(size_t *count)
{
	*count = sizeof(kapis) / sizeof(kapis[0]);
	return kapis;
}

/*
 * Asked for every identifier of every function the graph builder looks
 * at: a hash of the names, built once, instead of a scan of the table.
 */
#define KAPI_BUCKETS 256
#define NKAPIS (sizeof(kapis) / sizeof(kapis[0]))

static short kapi_head[KAPI_BUCKETS], kapi_next[NKAPIS];
static pthread_once_t kapi_once = PTHREAD_ONCE_INIT;

static unsigned kapi_hash(const char *s, size_t len)
{
	unsigned h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h % KAPI_BUCKETS;
}

static void kapi_index(void)
{
	size_t i;
	unsigned b;

	for (b = 0; b < KAPI_BUCKETS; b++)
		kapi_head[b] = -1;
	for (i = NKAPIS; i-- > 0;) {
		if (kapis[i].kind >= K_START_IRQ)
			continue;	/* facts: kapi_fact() */
		b = kapi_hash(kapis[i].name, strlen(kapis[i].name));
		kapi_next[i] = kapi_head[b];
		kapi_head[b] = i;
	}
}

const struct kapi *kapi_lookup(const char *name, size_t len)
{
	int i;

	pthread_once(&kapi_once, kapi_index);
	for (i = kapi_head[kapi_hash(name, len)]; i >= 0; i = kapi_next[i])
		if (!strncmp(kapis[i].name, name, len) && !kapis[i].name[len])
			return &kapis[i];
	return NULL;
}

const struct kapi *kapi_fact(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NKAPIS; i++)
		if (kapis[i].kind >= K_START_IRQ &&
		    !strncmp(kapis[i].name, name, len) && !kapis[i].name[len])
			return &kapis[i];
	return NULL;
}

/*
 * The kernel has dozens of wait_event*() flavours (and swait_event*(),
 * wait_var_event*(), io_wait_event()), with more in every release; all
 * are macros that hide a correct wait loop.  A name containing
 * "wait_event" that the table does not list is taken as one of them, so
 * its expansion is never analysed as a hand-written loop.
 */
static const struct kapi wait_event_family = {
	"wait_event*", K_WAIT_EVENT, -1, false
};

const struct kapi *kapi_classify(const char *name, size_t len)
{
	const struct kapi *k = kapi_lookup(name, len);
	size_t i;

	if (k)
		return k;
	for (i = 0; i + 10 <= len; i++)
		if (!memcmp(name + i, "wait_event", 10))
			return &wait_event_family;
	return NULL;
}

const char *severity_name(enum wq_severity s)
{
	static const char *const n[] = { "error", "warning", "style" };

	return n[s];
}

const char *confidence_name(enum wq_confidence c)
{
	static const char *const n[] = { "high", "moderate", "low" };

	return n[c];
}

const char *fix_name(enum wq_fix f)
{
	static const char *const n[] = { "safe", "unsafe", "none" };

	return n[f];
}

const char *status_name(enum wq_status s)
{
	static const char *const n[] = { "stable", "planned" };

	return n[s];
}

/* ---- kernel calls that write no driver state (kpure.def) ---- */

static const struct {
	const char *name;
	bool prefix;
} kpures[] = {
#define KPURE(nm, pre) { #nm, pre },
#include "kpure.def"
#undef KPURE
};

bool kapi_pure(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kpures) / sizeof(kpures[0]); i++) {
		size_t l = strlen(kpures[i].name);

		if (kpures[i].prefix ? !strncmp(name, kpures[i].name, l) :
				       !strcmp(name, kpures[i].name))
			return true;
	}
	return false;
}

/*
 * "3.10", "2.6.32" or "latest" (0, every rule applies).  Each part is
 * below 256, as KERNEL_VERSION() packs them; anything else is refused.
 */
unsigned kernel_version_parse(const char *s)
{
	unsigned part[3] = { 0, 0, 0 };
	int n = 0;

	if (!strcmp(s, "latest"))
		return 0;
	while (n < 3) {
		char *end;
		unsigned long v;

		if (*s < '0' || *s > '9')
			return 0;
		v = strtoul(s, &end, 10);
		if (v > 255)
			return 0;
		part[n++] = v;
		s = end;
		if (!*s)
			break;
		if (*s++ != '.')
			return 0;
	}
	if (*s || n < 2 || !part[0])
		return 0;
	return WQ_KVER(part[0], part[1], part[2]);
}

char *kernel_version_text(unsigned v)
{
	return (v & 255) ? xasprintf("%u.%u.%u", v >> 16, (v >> 8) & 255, v & 255) :
			   xasprintf("%u.%u", v >> 16, (v >> 8) & 255);
}

/* A rules.def version: "-" (none, 0) or "X.Y[.Z]". */
static unsigned table_version(const char *s)
{
	return strcmp(s, "-") ? kernel_version_parse(s) : 0;
}

/*
 * A rule applies to a target from its `since` on: before it, the flagged
 * construct is valid code (WQ011's `->state` before 5.14, say).  The
 * latest kernel (target 0) gets every rule.
 */
bool rule_applies(const struct wq_rule *r, unsigned target)
{
	return !target || target >= table_version(r->since);
}

/*
 * From `removed` on the flagged API no longer builds: an error.  Before
 * it, a rule that is an error only partly for that reason (WQ001: the
 * sleep_on() family loses wake-ups on every kernel) is a warning.
 */
enum wq_severity rule_severity(const struct wq_rule *r, unsigned target)
{
	unsigned removed = table_version(r->removed);

	if (target && removed && target < removed && r->severity == SEV_ERROR)
		return SEV_WARNING;
	return r->severity;
}
