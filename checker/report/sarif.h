/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SARIF 2.1.0 output: the check run's (sarif.c) and the fix run's
 * (sarif_fix.c).
 */
#ifndef WQPORT_SARIF_H
#define WQPORT_SARIF_H

#include "wqport.h"

void sarif_begin(struct strbuf *sb, unsigned long rule_mask,
		 const char *docs_url);
void sarif_file(struct strbuf *sb, const struct wq_file *f, bool *first);
void sarif_notification(struct strbuf *sb, const char *path,
			const char *level, const char *msg);
void sarif_end(struct strbuf *sb, const struct strbuf *notes, bool any,
	       bool success);

/* Code-point columns of f's findings and notes; f->buf must be there. */
void sarif_columns(struct wq_file *f);
/* The code-point column of a (line, byte column) position of text. */
unsigned sarif_ucol(const char *text, size_t len, struct wq_pos pos);

/* pieces sarif_fix.c shares */
void sarif_uri(struct strbuf *sb, const char *path);
void sarif_physical(struct strbuf *sb, const char *path, struct wq_pos pos,
		    unsigned ucol);
void sarif_result_head(struct strbuf *sb, bool *first, int rule,
		       enum wq_severity sev, const char *msg);

struct fix_result;
void sarif_fix_begin(struct strbuf *sb, const char *docs_url);
void sarif_fix_file(struct strbuf *sb, const struct fix_result *res,
		    const char *diff, bool *first);
void sarif_fix_add(struct strbuf *sb, struct strbuf *notes,
		   const struct fix_result *res, const char *diff, bool *first);

#endif /* WQPORT_SARIF_H */
