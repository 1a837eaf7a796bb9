/* The significance tests of a diff (docs/diff.md): Welch's t-test on per-run
 * self times when each side has several runs, the two-proportion z-test on
 * sample counts when a side has one. Pure functions of numbers. */
#include <math.h>

#include "diff/internal.h"

/* Continued fraction of the incomplete beta (Numerical Recipes §6.4,
 * modified Lentz). */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap, h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, aa = m * (b - m) * x / ((qam + m2) * (a + m2)), del;

		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double fc_diff_incbeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	/* the continued fraction converges fast on this side of the mean */
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a;
	return 1 - front * betacf(b, a, 1 - x) / b;
}

double fc_diff_t_tail(double t, double df)
{
	if (!(df > 0) || isnan(t))
		return 1;
	if (isinf(t))
		return 0;
	return fc_diff_incbeta(df / 2, 0.5, df / (df + t * t));
}

static void mean_var(const double *v, size_t n, double *mean, double *var)
{
	double m = 0, s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		m += v[i];
	m /= (double)n;
	for (i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

double fc_diff_welch_moments(double ma, double va, size_t na, double mb, double vb, size_t nb,
			     double *t, double *df)
{
	double qa, qb, se2, tt, d;

	if (t)
		*t = 0;
	if (df)
		*df = 0;
	if (na < 2 || nb < 2)
		return 1;
	qa = va / (double)na;
	qb = vb / (double)nb;
	se2 = qa + qb;
	if (!(se2 > 0)) {
		/* no spread at all: the means are either equal or surely not */
		if (t)
			*t = ma == mb ? 0 : (mb > ma ? INFINITY : -INFINITY);
		return ma == mb ? 1 : 0;
	}
	tt = (mb - ma) / sqrt(se2);
	d = se2 * se2 / (qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	if (t)
		*t = tt;
	if (df)
		*df = d;
	return fc_diff_t_tail(tt, d);
}

double fc_diff_welch(const double *a, size_t na, const double *b, size_t nb, double *t, double *df)
{
	double ma, va, mb, vb;

	if (na < 2 || nb < 2)
		return fc_diff_welch_moments(0, 0, na, 0, 0, nb, t, df);
	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	return fc_diff_welch_moments(ma, va, na, mb, vb, nb, t, df);
}

double fc_diff_two_proportions(double x1, double n1, double x2, double n2, double *z)
{
	double p, se, zz;

	if (z)
		*z = 0;
	if (!(n1 > 0) || !(n2 > 0))
		return 1;
	p = (x1 + x2) / (n1 + n2);
	se = sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
	if (!(se > 0))
		return x1 / n1 == x2 / n2 ? 1 : 0;
	zz = (x2 / n2 - x1 / n1) / se;
	if (z)
		*z = zz;
	return erfc(fabs(zz) / sqrt(2.0));
}
