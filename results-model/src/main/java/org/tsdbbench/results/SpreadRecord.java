package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A write cell's iteration values (rows/s of every measured iteration of every run and fork), the
 * half-width of their mean's 95% interval as a percent of it, min, max, and whether that interval
 * is wider than +-10% (unstable: a reader cannot tell the figure from one that far away).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SpreadRecord(List<Double> iterations, Double ci95Percent, Double min, Double max, Boolean unstable) {
}
