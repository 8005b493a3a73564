package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The client's cost beside the server's during a write cell: CPU as a percent of one core, CPU
 * microseconds per row acknowledged, the server's share in the kernel, and whether the client used
 * more CPU than the server (client-bound: the figure then says more about the harness).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CpuRecord(Double clientCpuPercent, Double clientCpuMicrosPerRow, Double serverCpuPercent, Double serverCpuMicrosPerRow,
                        Double serverCpuKernelPercent, Boolean clientBound) {
}
