package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The load step: the data set written once, rows sent, acknowledged and then stored (the count
 * checked against the acknowledgements), failed requests, time and rows/s, and the metrics (TSBS's:
 * the field values of the rows of requests acknowledged whole) and metrics/s. A merged load has the
 * shards' count instead of clients and rows per request, and no count of its own ({@code rowsStored} -1).
 * Where two rows of the data set share the key the database keeps rows by (the IoT records without
 * a name), it stores one of them: {@code rowsSuperseded} counts the acknowledged rows that took the
 * place of an earlier one, {@code sharedKeys} names the first few such groups (null when none).
 * A data set read from files was checked ({@code filesCheckedSeconds}) and its expected answers
 * computed or read back ({@code answersSeconds}) before the load's clock started: their times are
 * not in {@code seconds} (null for generated rows). {@code clientCpuSeconds} is the loading
 * process's own CPU over the load's time (reading the rows, building and sending the requests).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadRecord(Integer shards, Integer clients, Integer rowsPerRequest, long rowsSent, long rowsAcknowledged, Long rowsStored,
                         String countError, long rowsExpected, long failedRequests, String firstError, double seconds, double rowsPerSecond,
                         boolean verified, Long metricsAcknowledged, Double metricsPerSecond, Long rowsSuperseded, java.util.List<String> sharedKeys,
                         Double filesCheckedSeconds, Double answersSeconds, Double clientCpuSeconds) {
}
