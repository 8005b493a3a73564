package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Both sides' resources during a write cell, as the write step's profiler measured them: CPU as a
 * percent of one core and microseconds per row acknowledged, the server's share in the kernel,
 * peak resident memory (MB) of the server's processes and of the client (the benchmark JVM), the
 * server's storage write rate (MB/s), and whether the client used more CPU than the server
 * (client-bound: the figure then says more about the harness). Each is absent when not measured
 * (a remote server has only the client's).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResourcesRecord(Double clientCpuPercent, Double clientCpuMicrosPerRow, Double serverCpuPercent, Double serverCpuMicrosPerRow,
                              Double serverCpuKernelPercent, Boolean clientBound, Double serverRssMB, Double clientRssMB,
                              Double serverDiskWriteMBps) {
}
