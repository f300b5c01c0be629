/* SPDX-License-Identifier: MIT */
/*
 * print.h — how the library's public calls pass a failure's message to
 * the caller's print callback (truesig_set_print), the one way libtruesig
 * says anything.
 */
#ifndef TRUESIG_PRINT_H
#define TRUESIG_PRINT_H

/* A TRUESIG_WARN message, "FILE: problem\n"; dropped without a callback. */
void truesig_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A TRUESIG_INFO message: what a call chose to do, where it did not fail. */
void truesig_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
