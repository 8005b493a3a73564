package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The client machine as a result's reader needs it: CPU model, cores, memory, OS, Java and the
 * client's heap limit (JMH forks inherit it); the core limit asked of the server
 * ({@code --server-cores}) and the CPUs its process may really use ("0-1 (pid 1234)").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineRecord(String cpu, Integer cores, Long memoryBytes, String os, String java, Long clientMaxHeapMB,
                            Integer serverCores, String serverCpus) {
}
