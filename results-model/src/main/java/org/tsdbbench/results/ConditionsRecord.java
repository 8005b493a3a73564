package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The machine's state before a measured step: the share of all CPUs busy in the second before it,
 * the load average, the microseconds to create a file in the results folder (each absent when it
 * could not be read), and the warnings they called for.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConditionsRecord(String step, Double busyPercentBeforeStart, Double loadAverage1m, Double fileCreateMicros, List<String> warnings) {
}
