#!/usr/bin/env Rscript
# Reference values from R for the bootstrap package's tests.
# Needs: apt-get install r-base-core r-cran-boot r-cran-jsonlite
# Run after make_ref.py, in this directory:  Rscript make_ref.R
# Reads ref_scipy.json (inputs: the SAME replicate sets, estimates and jackknife values the Go
# tests use) and writes ref_r.json.
suppressPackageStartupMessages({ library(boot); library(jsonlite) })

ref <- fromJSON("ref_scipy.json", simplifyVector = TRUE, simplifyDataFrame = FALSE, simplifyMatrix = FALSE)
src <- sprintf("R %s, boot %s", paste(R.version$major, R.version$minor, sep = "."), packageVersion("boot"))

boot_case <- function(cs) {
  t <- as.numeric(cs$replicates); t0 <- cs$estimate; jack <- as.numeric(cs$jackknife)
  n <- length(jack)
  # A boot object of the right shape whose replicates and estimate are replaced by the fixed
  # ones; L are the jackknife influence values, empinf(type = "jack") for this statistic.
  b <- boot(data = seq_len(n), statistic = function(d, i) mean(d[i]), R = length(t))
  b$t[, 1] <- t
  b$t0 <- t0
  L <- (n - 1) * (mean(jack) - jack)
  out <- list()
  for (lv in names(cs$intervals)) {
    conf <- as.numeric(lv)
    ci <- suppressWarnings(boot.ci(b, conf = conf, type = c("perc", "basic", "bca"), L = L))
    w <- qnorm(sum(t < t0) / length(t))
    a <- sum(L^3) / (6 * sum(L^2)^1.5)
    z <- qnorm((1 + c(-conf, conf)) / 2)
    adj <- pnorm(w + (w + z) / (1 - a * (w + z)))
    out[[lv]] <- list(percentile = unname(ci$percent[1, 4:5]), basic = unname(ci$basic[1, 4:5]),
                      bca = unname(ci$bca[1, 4:5]), bca_z0 = w, bca_accel = a, bca_adjusted = adj)
  }
  list(name = cs$name, intervals = out,
       source = paste0("boot::boot.ci(type = c('perc','basic','bca'), L = (n-1)*(mean(jack)-jack)) on the fixed replicates, ", src))
}

q <- ref$quantile
x <- as.numeric(q$x)
ni <- sapply(as.numeric(q$p), function(p) {
  # norm.inter fails (p = 0) or gives NA (p near 1) outside its range: recorded as null
  v <- tryCatch(suppressWarnings(boot:::norm.inter(x, p)[1, 2]), error = function(e) NA)
  if (is.na(v)) NULL else v
}, simplify = FALSE)

corr <- lapply(ref$correlation$cases, function(cs) list(
  kendall_tau_b = cor(as.numeric(cs$x), as.numeric(cs$y), method = "kendall"),
  spearman_rho = cor(as.numeric(cs$x), as.numeric(cs$y), method = "spearman")))

mcn <- lapply(ref$mcnemar$cases, function(cs)
  list(b = cs$b, c = cs$c, p = if (cs$b + cs$c == 0) 1 else binom.test(cs$b, cs$b + cs$c, 0.5)$p.value))

wil <- lapply(ref$wilson$cases, function(cs) {
  ci <- prop.test(cs$k, cs$n, conf.level = cs$level, correct = FALSE)$conf.int
  list(k = cs$k, n = cs$n, level = cs$level, lo = ci[1], hi = ci[2])
})

p <- as.numeric(ref$adjust_p)
ss <- lapply(ref$sample_size, function(cs) list(
  sd = cs$sd, delta = cs$delta, alpha = cs$alpha, power = cs$power,
  n = ceiling(((qnorm(1 - cs$alpha / 2) + qnorm(cs$power)) * cs$sd / abs(cs$delta))^2)))

res <- list(
  generated_by = "make_ref.R", versions = src,
  bootstrap = lapply(ref$bootstrap, boot_case),
  norm_inter = list(p = q$p, value = ni, source = paste("boot:::norm.inter(x, p),", src)),
  correlation = list(cases = corr, source = paste("cor(x, y, method = 'kendall' | 'spearman'),", src)),
  mcnemar = list(cases = mcn, source = paste("binom.test(b, b + c, 0.5)$p.value,", src)),
  wilson = list(cases = wil, source = paste("prop.test(k, n, conf.level, correct = FALSE)$conf.int,", src)),
  adjust = list(p = p, holm = p.adjust(p, "holm"), bh = p.adjust(p, "BH"),
                source = paste("p.adjust(p, 'holm' | 'BH'),", src)),
  sample_size = list(cases = ss, source = paste("ceiling(((qnorm(1-alpha/2)+qnorm(power))*sd/|delta|)^2),", src)))
writeLines(toJSON(res, auto_unbox = TRUE, digits = NA, pretty = TRUE, null = "null"), "ref_r.json")
