package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One block of the volume-growth test: the rows stored before it, its write and read-back speed (each absent when JMH had no such metric). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VolumeBlockRecord(Double storedRowsBefore, Double writeRowsPerSecond, Double writeRequestMillis, Double readRowsPerSecond,
                                Double readMillis, Double readAttempts, Double visibleAfterMillis) {
}
