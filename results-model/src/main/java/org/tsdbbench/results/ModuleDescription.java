package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/**
 * What a database module's jar says of itself ({@code java -jar <db>-bench.jar describe}): written by the
 * module from its descriptor and read by the orchestrator, which keeps no list of modules, databases or
 * reports of its own. One JSON object on one line; a list left empty is left out.
 *
 * @param publishedWriteMatrix the devices' write matrix the 2018-2019 reports ran for it; null when none
 * @param clusterScript the script under {@code scripts/servers/} that starts a cluster of it; null when none
 * @param workloads the workloads it takes, the first its default (a description without them: the devices)
 * @param publishedCells the write cells published reports ran for it, per workload
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ModuleDescription(String name, String displayName, String serverScript, WriteMatrix publishedWriteMatrix,
                                String clusterScript, List<DescribedWritePath> writePaths, List<String> workloads,
                                List<PublishedCells> publishedCells) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One write path: its name, the module options that select it, the workloads whose reports wrote through it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DescribedWritePath(String name, Map<String, String> options, List<String> publishedWorkloads) {

        public DescribedWritePath {
            options = options == null ? Map.of() : Map.copyOf(options);
            publishedWorkloads = publishedWorkloads == null ? List.of() : List.copyOf(publishedWorkloads);
        }
    }

    public ModuleDescription {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a module description without a name");
        writePaths = writePaths == null ? List.of() : List.copyOf(writePaths);
        workloads = workloads == null || workloads.isEmpty() ? List.of("devices") : List.copyOf(workloads);
        publishedCells = publishedCells == null ? List.of() : List.copyOf(publishedCells);
    }

    /** The one line {@code describe} prints. */
    public String toJson() {
        try {
            return MAPPER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The description {@link #toJson} wrote; what is not one (not JSON, an unknown field, a bad value) is an
     * IllegalArgumentException saying what, in one line.
     */
    public static ModuleDescription fromJson(String json) {
        try {
            return MAPPER.readValue(json, ModuleDescription.class);
        } catch (JsonProcessingException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof IllegalArgumentException bad) throw new IllegalArgumentException(bad.getMessage(), e);
            }
            throw new IllegalArgumentException("not a module description: " + e.getOriginalMessage(), e);
        }
    }
}
